/*
 * Kids Breakout — a gentle brick-breaking game for Story Magic (ages 5-10).
 * Plain ES2022, no dependencies, no network. Works under script-src 'self' / style-src 'self'.
 */
'use strict';

(() => {
  // ---------------------------------------------------------------------------
  // Constants (all in logical playfield units; the canvas is scaled to fit)
  // ---------------------------------------------------------------------------
  const W = 800;
  const H = 600;
  const MAX_DT = 1 / 30; // clamp frame time (tab switches, slow frames)
  const MAX_STEP = 4; // max ball travel per physics sub-step, well under the ball radius

  const PADDLE_W = 150;
  const PADDLE_H = 20;
  const PADDLE_Y = H - 48;
  const PADDLE_SPEED = 640; // keyboard speed, units per second
  const POINTER_FOLLOW = 22; // how quickly the paddle catches up with the mouse / finger

  const BALL_R = 12;
  const BASE_SPEED = 290; // gentle: about two seconds from bottom to top
  const SPEED_PER_LEVEL = 15;
  const MAX_SPEED_BONUS = 75;
  const REDUCED_MOTION_FACTOR = 0.75;
  const MAX_BOUNCE_ANGLE = Math.PI / 3; // 60° from vertical at the paddle's edges
  const MIN_BOUNCE_ANGLE = 0.1; // avoid endless straight-up-and-down rallies

  const START_LIVES = 3;

  const BRICK_COLS = 10;
  const BRICK_GAP = 8;
  const BRICK_SIDE = 30;
  const BRICK_TOP = 56;
  const BRICK_H = 30;
  const BRICK_W = (W - 2 * BRICK_SIDE - (BRICK_COLS - 1) * BRICK_GAP) / BRICK_COLS;

  const ROW_COLOURS = ['#ff6b6b', '#ffa94d', '#ffd43b', '#69db7c', '#4dabf7', '#b197fc', '#f783ac'];
  const STAR_BRICK = '#7048e8';
  const STAR_GOLD = '#ffd166';
  const HEART_BRICK = '#ffe3ee';
  const HEART_RED = '#f03e8c';
  const POINTS = { b: 10, h: 20, s: 30 };

  // b = brick, s = star brick, h = heart brick, . = empty
  const LEVELS = [
    ['bbbbbbbbbb', 'bsbbbbbbsb', 'bbbbbbbbbb', 'bbbhbbhbbb'],
    ['.sbb..bbs.', 'bbbbbbbbbb', 'bbbhbbhbbb', '.bbbbbbbb.', '..bbbbbb..', '...bbbb...'],
    ['....ss....', '...bbbb...', '..bbhhbb..', '.bbbbbbbb.', 'bsbbbbbbsb', 'bbbbbbbbbb'],
  ];

  const MAX_PARTICLES = 160;
  const SHAKE_TIME = 0.35;
  const SCORE_ANNOUNCE_DELAY = 1500;

  // ---------------------------------------------------------------------------
  // DOM
  // ---------------------------------------------------------------------------
  const $ = (id) => {
    const el = document.getElementById(id);
    if (!el) throw new Error(`Kids Breakout: missing #${id}`);
    return el;
  };

  const canvas = $('game-canvas');
  const ctx = canvas.getContext('2d');
  const stage = $('stage');
  const hud = { score: $('hud-score'), lives: $('hud-lives'), hearts: $('hud-hearts'), level: $('hud-level') };
  const announcer = $('announcer');
  const pauseButton = $('pause-button');
  const screens = {
    start: $('screen-start'),
    pause: $('screen-pause'),
    cleared: $('screen-cleared'),
    over: $('screen-over'),
  };
  const clearedTitle = $('cleared-title');
  const clearedText = $('cleared-text');
  const overText = $('over-text');

  // ---------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------
  const game = {
    state: 'start', // start | serve | playing | paused | cleared | over
    pausedFrom: 'serve',
    score: 0,
    lives: START_LIVES,
    level: 1,
    bricks: [],
    bricksLeft: 0,
    paddle: { x: (W - PADDLE_W) / 2, w: PADDLE_W },
    ball: { x: W / 2, y: PADDLE_Y - BALL_R - 1, vx: 0, vy: 0, speed: BASE_SPEED },
    particles: [],
    shake: 0,
    time: 0,
  };

  const input = { left: false, right: false, pointerX: null, touchId: null };

  const view = { scaleX: 1, scaleY: 1, dpr: 1 };
  const loop = { rafId: 0, last: 0 };

  const motionQuery = window.matchMedia('(prefers-reduced-motion: reduce)');
  let reducedMotion = motionQuery.matches;

  // Deterministic background stars (no flicker between re-renders).
  const skyStars = (() => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    return Array.from({ length: 46 }, () => ({
      x: rand() * W,
      y: rand() * H,
      r: 0.8 + rand() * 1.8,
      phase: rand() * Math.PI * 2,
    }));
  })();

  const background = ctx.createLinearGradient(0, 0, 0, H);
  background.addColorStop(0, '#2b1055');
  background.addColorStop(1, '#4c2a85');

  // ---------------------------------------------------------------------------
  // Helpers
  // ---------------------------------------------------------------------------
  const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);

  function ballSpeedFor(level) {
    const speed = BASE_SPEED + Math.min(MAX_SPEED_BONUS, (level - 1) * SPEED_PER_LEVEL);
    return reducedMotion ? speed * REDUCED_MOTION_FACTOR : speed;
  }

  function setBallSpeed(speed) {
    const ball = game.ball;
    const current = Math.hypot(ball.vx, ball.vy);
    if (current > 0) {
      ball.vx = (ball.vx / current) * speed;
      ball.vy = (ball.vy / current) * speed;
    }
    ball.speed = speed;
  }

  function buildLevel(level) {
    const layout = LEVELS[(level - 1) % LEVELS.length];
    const bricks = [];
    layout.forEach((row, r) => {
      Array.from(row).forEach((kind, c) => {
        if (kind === '.') return;
        bricks.push({
          x: BRICK_SIDE + c * (BRICK_W + BRICK_GAP),
          y: BRICK_TOP + r * (BRICK_H + BRICK_GAP),
          w: BRICK_W,
          h: BRICK_H,
          kind,
          colour: kind === 's' ? STAR_BRICK : kind === 'h' ? HEART_BRICK : ROW_COLOURS[r % ROW_COLOURS.length],
          alive: true,
        });
      });
    });
    game.bricks = bricks;
    game.bricksLeft = bricks.length;
  }

  // ---------------------------------------------------------------------------
  // Announcements (aria-live="polite")
  // ---------------------------------------------------------------------------
  let announceTimer = 0;
  let scoreTimer = 0;

  function announce(message) {
    window.clearTimeout(scoreTimer);
    scoreTimer = 0;
    window.clearTimeout(announceTimer);
    // Clear first so that a repeated identical message is still read out.
    announcer.textContent = '';
    announceTimer = window.setTimeout(() => {
      announceTimer = 0;
      announcer.textContent = message;
    }, 60);
  }

  // Score changes on every brick; read it out once things settle rather than on every hit.
  function announceScoreSoon() {
    if (scoreTimer) window.clearTimeout(scoreTimer);
    scoreTimer = window.setTimeout(() => {
      scoreTimer = 0;
      if (game.state === 'playing' || game.state === 'serve') announce(`Score ${game.score}.`);
    }, SCORE_ANNOUNCE_DELAY);
  }

  const livesText = (n) => (n === 1 ? '1 life' : `${n} lives`);

  // ---------------------------------------------------------------------------
  // HUD and screens
  // ---------------------------------------------------------------------------
  const shown = { score: -1, lives: -1, level: -1 };

  function updateHud() {
    if (shown.score !== game.score) {
      shown.score = game.score;
      hud.score.textContent = String(game.score);
    }
    if (shown.lives !== game.lives) {
      shown.lives = game.lives;
      hud.lives.textContent = String(game.lives);
      hud.hearts.textContent = '♥'.repeat(Math.max(0, game.lives)) || '–';
    }
    if (shown.level !== game.level) {
      shown.level = game.level;
      hud.level.textContent = String(game.level);
    }
    const canPause = game.state === 'serve' || game.state === 'playing' || game.state === 'paused';
    pauseButton.disabled = !canPause;
    pauseButton.textContent = game.state === 'paused' ? 'Resume' : 'Pause';
  }

  function showScreen(name) {
    for (const [key, el] of Object.entries(screens)) el.hidden = key !== name;
  }

  // Only move focus when this document already has it: never steal focus from the page around the frame.
  function focusIfActive(el) {
    if (document.hasFocus()) el.focus({ preventScroll: true });
  }

  function primaryButton(name) {
    return screens[name].querySelector('.btn--big');
  }

  // ---------------------------------------------------------------------------
  // Game flow
  // ---------------------------------------------------------------------------
  function centrePaddle() {
    game.paddle.x = (W - game.paddle.w) / 2;
    input.pointerX = null;
  }

  function placeBallOnPaddle() {
    const ball = game.ball;
    ball.x = game.paddle.x + game.paddle.w / 2;
    ball.y = PADDLE_Y - BALL_R - 1;
    ball.vx = 0;
    ball.vy = 0;
  }

  function enterServe() {
    game.state = 'serve';
    placeBallOnPaddle();
    updateHud();
  }

  function newGame() {
    game.score = 0;
    game.lives = START_LIVES;
    game.level = 1;
    game.particles.length = 0;
    game.shake = 0;
    buildLevel(1);
    setBallSpeed(ballSpeedFor(1));
    centrePaddle();
    enterServe();
    showScreen(null);
    focusIfActive(stage);
    announce(`Level 1. You have ${livesText(game.lives)}. Press Space or tap the game to launch the ball.`);
    startLoop();
  }

  function nextLevel() {
    game.level += 1;
    game.particles.length = 0;
    game.shake = 0;
    buildLevel(game.level);
    setBallSpeed(ballSpeedFor(game.level));
    centrePaddle();
    enterServe();
    showScreen(null);
    focusIfActive(stage);
    announce(`Level ${game.level}. Press Space or tap the game to launch the ball.`);
    startLoop();
  }

  function launch() {
    if (game.state !== 'serve') return;
    const side = Math.random() < 0.5 ? -1 : 1;
    const angle = side * (0.15 + Math.random() * 0.3);
    game.ball.vx = game.ball.speed * Math.sin(angle);
    game.ball.vy = -game.ball.speed * Math.cos(angle);
    game.state = 'playing';
    updateHud();
  }

  function pause(auto) {
    if (game.state !== 'serve' && game.state !== 'playing') return;
    game.pausedFrom = game.state;
    game.state = 'paused';
    input.left = false;
    input.right = false;
    stopLoop();
    render();
    updateHud();
    showScreen('pause');
    if (!auto) focusIfActive(primaryButton('pause'));
    announce(auto ? 'Game paused while you were away.' : 'Game paused.');
  }

  function resume() {
    if (game.state !== 'paused') return;
    game.state = game.pausedFrom;
    updateHud();
    showScreen(null);
    focusIfActive(stage);
    announce('Game on!');
    startLoop();
  }

  function togglePause() {
    if (game.state === 'paused') resume();
    else pause(false);
  }

  function loseLife() {
    game.lives -= 1;
    if (game.lives <= 0) {
      game.lives = 0;
      gameOver();
      return;
    }
    if (!reducedMotion) game.shake = SHAKE_TIME;
    enterServe();
    announce(`Oops, the ball got away! ${livesText(game.lives)} left. Press Space or tap to launch.`);
  }

  function levelCleared() {
    game.state = 'cleared';
    stopLoop();
    game.shake = 0;
    render();
    updateHud();
    clearedTitle.textContent = `Level ${game.level} cleared!`;
    clearedText.textContent = `Super job! Your score is ${game.score}.`;
    showScreen('cleared');
    focusIfActive(primaryButton('cleared'));
    announce(`Hooray! Level ${game.level} cleared! Your score is ${game.score}.`);
  }

  function gameOver() {
    game.state = 'over';
    stopLoop();
    game.shake = 0;
    render();
    updateHud();
    overText.textContent = `Great try! Your score is ${game.score}.`;
    showScreen('over');
    focusIfActive(primaryButton('over'));
    announce(`Game over. Your score is ${game.score}. Press Play again for another go.`);
  }

  // The main action for Space / Enter when no button has focus.
  function primaryAction() {
    switch (game.state) {
      case 'start':
      case 'over':
        newGame();
        break;
      case 'serve':
        launch();
        break;
      case 'playing':
        pause(false);
        break;
      case 'paused':
        resume();
        break;
      case 'cleared':
        nextLevel();
        break;
      default:
        break;
    }
  }

  // ---------------------------------------------------------------------------
  // Simulation
  // ---------------------------------------------------------------------------
  function update(dt) {
    game.time += dt;
    const paddle = game.paddle;

    const dir = (input.right ? 1 : 0) - (input.left ? 1 : 0);
    if (dir !== 0) {
      paddle.x += dir * PADDLE_SPEED * dt;
      input.pointerX = null;
    } else if (input.pointerX !== null) {
      const target = input.pointerX - paddle.w / 2;
      paddle.x += (target - paddle.x) * Math.min(1, dt * POINTER_FOLLOW);
    }
    paddle.x = clamp(paddle.x, 0, W - paddle.w);

    if (game.state === 'serve') placeBallOnPaddle();
    else if (game.state === 'playing') stepBall(dt);

    updateParticles(dt);
    if (game.shake > 0) game.shake = Math.max(0, game.shake - dt);
  }

  function stepBall(dt) {
    const ball = game.ball;
    const paddle = game.paddle;
    const steps = Math.max(1, Math.ceil((ball.speed * dt) / MAX_STEP));
    const h = dt / steps;

    for (let i = 0; i < steps; i += 1) {
      ball.x += ball.vx * h;
      ball.y += ball.vy * h;

      // Walls
      if (ball.x < BALL_R) {
        ball.x = BALL_R;
        ball.vx = Math.abs(ball.vx);
      } else if (ball.x > W - BALL_R) {
        ball.x = W - BALL_R;
        ball.vx = -Math.abs(ball.vx);
      }
      if (ball.y < BALL_R) {
        ball.y = BALL_R;
        ball.vy = Math.abs(ball.vy);
      }

      // Paddle (generous: the sides count as the top, which is kinder for little players)
      if (
        ball.vy > 0 &&
        ball.y + BALL_R >= PADDLE_Y &&
        ball.y - BALL_R <= PADDLE_Y + PADDLE_H &&
        ball.x >= paddle.x - BALL_R &&
        ball.x <= paddle.x + paddle.w + BALL_R
      ) {
        const offset = clamp((ball.x - (paddle.x + paddle.w / 2)) / (paddle.w / 2 + BALL_R), -1, 1);
        let angle = offset * MAX_BOUNCE_ANGLE;
        if (Math.abs(angle) < MIN_BOUNCE_ANGLE) angle = (angle < 0 ? -1 : 1) * MIN_BOUNCE_ANGLE;
        ball.vx = ball.speed * Math.sin(angle);
        ball.vy = -ball.speed * Math.cos(angle);
        ball.y = PADDLE_Y - BALL_R;
      }

      // Bricks (at most one per sub-step)
      if (hitBrick(ball) && game.bricksLeft === 0) {
        levelCleared();
        return;
      }

      if (ball.y - BALL_R > H) {
        loseLife();
        return;
      }
    }
  }

  function hitBrick(ball) {
    const bricks = game.bricks;
    for (let i = 0; i < bricks.length; i += 1) {
      const b = bricks[i];
      if (!b.alive) continue;
      const nearestX = clamp(ball.x, b.x, b.x + b.w);
      const nearestY = clamp(ball.y, b.y, b.y + b.h);
      const dx = ball.x - nearestX;
      const dy = ball.y - nearestY;
      if (dx * dx + dy * dy > BALL_R * BALL_R) continue;

      if (dx === 0 && dy === 0) {
        ball.vy = -ball.vy; // centre inside the brick: should not happen with small steps
      } else if (dx === 0) {
        ball.vy = dy > 0 ? Math.abs(ball.vy) : -Math.abs(ball.vy);
      } else if (dy === 0) {
        ball.vx = dx > 0 ? Math.abs(ball.vx) : -Math.abs(ball.vx);
      } else {
        // Corner: bounce off whichever faces the ball is moving into.
        if (dx * ball.vx < 0) ball.vx = -ball.vx;
        if (dy * ball.vy < 0) ball.vy = -ball.vy;
      }

      b.alive = false;
      game.bricksLeft -= 1;
      game.score += POINTS[b.kind] ?? POINTS.b;
      updateHud();
      announceScoreSoon();
      burst(b);
      return true;
    }
    return false;
  }

  function burst(b) {
    if (reducedMotion) return;
    const colour = b.kind === 's' ? STAR_GOLD : b.kind === 'h' ? HEART_RED : b.colour;
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2;
    for (let i = 0; i < 10 && game.particles.length < MAX_PARTICLES; i += 1) {
      const a = Math.random() * Math.PI * 2;
      const v = 60 + Math.random() * 140;
      game.particles.push({
        x: cx,
        y: cy,
        vx: Math.cos(a) * v,
        vy: Math.sin(a) * v - 60,
        life: 0.7,
        max: 0.7,
        size: 3 + Math.random() * 4,
        colour,
      });
    }
  }

  function updateParticles(dt) {
    const ps = game.particles;
    for (let i = ps.length - 1; i >= 0; i -= 1) {
      const p = ps[i];
      p.life -= dt;
      if (p.life <= 0) {
        ps[i] = ps[ps.length - 1];
        ps.pop();
        continue;
      }
      p.vy += 500 * dt;
      p.x += p.vx * dt;
      p.y += p.vy * dt;
    }
  }

  // ---------------------------------------------------------------------------
  // Drawing
  // ---------------------------------------------------------------------------
  function roundRectPath(x, y, w, h, r) {
    const rr = Math.min(r, w / 2, h / 2);
    ctx.beginPath();
    ctx.moveTo(x + rr, y);
    ctx.arcTo(x + w, y, x + w, y + h, rr);
    ctx.arcTo(x + w, y + h, x, y + h, rr);
    ctx.arcTo(x, y + h, x, y, rr);
    ctx.arcTo(x, y, x + w, y, rr);
    ctx.closePath();
  }

  function starPath(cx, cy, outer, inner) {
    ctx.beginPath();
    for (let i = 0; i < 10; i += 1) {
      const r = i % 2 === 0 ? outer : inner;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const x = cx + Math.cos(a) * r;
      const y = cy + Math.sin(a) * r;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
  }

  function heartPath(cx, cy, size) {
    const s = size;
    ctx.beginPath();
    ctx.moveTo(cx, cy + s * 0.55);
    ctx.bezierCurveTo(cx - s * 1.1, cy - s * 0.1, cx - s * 0.55, cy - s * 0.9, cx, cy - s * 0.35);
    ctx.bezierCurveTo(cx + s * 0.55, cy - s * 0.9, cx + s * 1.1, cy - s * 0.1, cx, cy + s * 0.55);
    ctx.closePath();
  }

  function drawBackground() {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#ffffff';
    for (const s of skyStars) {
      ctx.globalAlpha = reducedMotion ? 0.55 : 0.35 + 0.3 * (1 + Math.sin(game.time * 1.5 + s.phase)) * 0.5;
      ctx.beginPath();
      ctx.arc(s.x, s.y, s.r, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }

  function drawBricks() {
    for (const b of game.bricks) {
      if (!b.alive) continue;
      roundRectPath(b.x, b.y, b.w, b.h, 9);
      ctx.fillStyle = b.colour;
      ctx.fill();

      // glossy highlight
      roundRectPath(b.x + 4, b.y + 3, b.w - 8, b.h * 0.32, 5);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
      ctx.fill();

      const cx = b.x + b.w / 2;
      const cy = b.y + b.h / 2 + 1;
      if (b.kind === 's') {
        starPath(cx, cy, b.h * 0.42, b.h * 0.19);
        ctx.fillStyle = STAR_GOLD;
        ctx.fill();
      } else if (b.kind === 'h') {
        heartPath(cx, cy + 1, b.h * 0.42);
        ctx.fillStyle = HEART_RED;
        ctx.fill();
      }
    }
  }

  function drawPaddle() {
    const p = game.paddle;
    roundRectPath(p.x, PADDLE_Y, p.w, PADDLE_H, PADDLE_H / 2);
    ctx.fillStyle = '#ffd166';
    ctx.fill();
    roundRectPath(p.x + 8, PADDLE_Y + 3, p.w - 16, PADDLE_H * 0.3, 3);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
    ctx.fill();
  }

  function drawBall() {
    const b = game.ball;
    ctx.beginPath();
    ctx.arc(b.x, b.y, BALL_R, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#ffd166';
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(b.x - BALL_R * 0.35, b.y - BALL_R * 0.35, BALL_R * 0.28, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(76, 42, 133, 0.25)';
    ctx.fill();
  }

  function drawParticles() {
    for (const p of game.particles) {
      ctx.globalAlpha = clamp(p.life / p.max, 0, 1);
      ctx.fillStyle = p.colour;
      ctx.fillRect(p.x - p.size / 2, p.y - p.size / 2, p.size, p.size);
    }
    ctx.globalAlpha = 1;
  }

  function drawServeHint() {
    ctx.font = "800 28px ui-rounded, 'Nunito', 'Segoe UI', 'Trebuchet MS', system-ui, sans-serif";
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const text = 'Tap, click or press Space to launch!';
    const y = PADDLE_Y - 90;
    const w = ctx.measureText(text).width + 40;
    roundRectPath(W / 2 - w / 2, y - 24, w, 48, 24);
    ctx.fillStyle = 'rgba(27, 8, 56, 0.8)';
    ctx.fill();
    ctx.fillStyle = '#ffd166';
    ctx.fillText(text, W / 2, y + 1);
  }

  function render() {
    ctx.setTransform(view.scaleX, 0, 0, view.scaleY, 0, 0);
    drawBackground();
    if (game.shake > 0 && !reducedMotion) {
      const m = 7 * (game.shake / SHAKE_TIME);
      ctx.translate((Math.random() * 2 - 1) * m, (Math.random() * 2 - 1) * m);
    }
    drawBricks();
    drawPaddle();
    drawBall();
    drawParticles();
    ctx.setTransform(view.scaleX, 0, 0, view.scaleY, 0, 0);
    if (game.state === 'serve') drawServeHint();
  }

  // ---------------------------------------------------------------------------
  // Loop
  // ---------------------------------------------------------------------------
  function frame(now) {
    loop.rafId = 0;
    const dt = loop.last ? clamp((now - loop.last) / 1000, 0, MAX_DT) : 0;
    loop.last = now;
    update(dt);
    render();
    if (game.state === 'serve' || game.state === 'playing') loop.rafId = window.requestAnimationFrame(frame);
  }

  function startLoop() {
    if (loop.rafId) return;
    loop.last = 0;
    loop.rafId = window.requestAnimationFrame(frame);
  }

  function stopLoop() {
    if (loop.rafId) window.cancelAnimationFrame(loop.rafId);
    loop.rafId = 0;
  }

  // ---------------------------------------------------------------------------
  // Sizing (high-DPI aware; the CSS keeps the 4:3 aspect ratio)
  // ---------------------------------------------------------------------------
  function resize() {
    const rect = canvas.getBoundingClientRect();
    const dpr = clamp(window.devicePixelRatio || 1, 1, 3);
    const width = Math.max(1, Math.round(rect.width * dpr));
    const height = Math.max(1, Math.round(rect.height * dpr));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    view.dpr = dpr;
    view.scaleX = width / W;
    view.scaleY = height / H;
    render();
  }

  // ---------------------------------------------------------------------------
  // Input
  // ---------------------------------------------------------------------------
  const LEFT_KEYS = new Set(['ArrowLeft', 'a', 'A']);
  const RIGHT_KEYS = new Set(['ArrowRight', 'd', 'D']);

  function isInteractive(target) {
    return target instanceof Element && target.closest('button, a[href], input, select, textarea') !== null;
  }

  function onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;

    if (LEFT_KEYS.has(key) || RIGHT_KEYS.has(key)) {
      if (LEFT_KEYS.has(key)) input.left = true;
      else input.right = true;
      if (game.state === 'serve' || game.state === 'playing') event.preventDefault();
      return;
    }

    if (key === ' ' || key === 'Enter') {
      // Let a focused button do its own thing; ignore auto-repeat so a held key never skips a screen.
      if (isInteractive(event.target)) {
        if (event.repeat) event.preventDefault();
        return;
      }
      event.preventDefault();
      if (!event.repeat) primaryAction();
      return;
    }

    if ((key === 'p' || key === 'P') && !event.repeat) {
      if (game.state === 'serve' || game.state === 'playing' || game.state === 'paused') {
        event.preventDefault();
        togglePause();
      }
      return;
    }

    if (key === 'Escape' && (game.state === 'serve' || game.state === 'playing')) {
      event.preventDefault();
      pause(false);
    }
  }

  function onKeyUp(event) {
    if (LEFT_KEYS.has(event.key)) input.left = false;
    else if (RIGHT_KEYS.has(event.key)) input.right = false;
  }

  function pointerToPlayfield(event) {
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0) return null;
    return ((event.clientX - rect.left) / rect.width) * W;
  }

  function onPointerDown(event) {
    if (game.state !== 'serve' && game.state !== 'playing') return;
    event.preventDefault();
    if (event.pointerType !== 'mouse') {
      input.touchId = event.pointerId;
      if (canvas.hasPointerCapture && !canvas.hasPointerCapture(event.pointerId)) {
        try {
          canvas.setPointerCapture(event.pointerId);
        } catch {
          // The pointer may already be gone; nothing to do.
        }
      }
    }
    const x = pointerToPlayfield(event);
    if (x !== null) input.pointerX = x;
    focusIfActive(stage);
    if (game.state === 'serve') {
      // Put the paddle under the finger straight away, then launch.
      if (x !== null) game.paddle.x = clamp(x - game.paddle.w / 2, 0, W - game.paddle.w);
      placeBallOnPaddle();
      launch();
    }
  }

  function onPointerMove(event) {
    if (game.state !== 'serve' && game.state !== 'playing') return;
    if (event.pointerType !== 'mouse' && event.pointerId !== input.touchId) return;
    const x = pointerToPlayfield(event);
    if (x !== null) input.pointerX = x;
  }

  function onPointerEnd(event) {
    if (event.pointerId === input.touchId) input.touchId = null;
  }

  function autoPause() {
    input.left = false;
    input.right = false;
    input.touchId = null;
    pause(true);
  }

  function onVisibilityChange() {
    if (document.visibilityState === 'hidden') autoPause();
  }

  function onMotionChange(event) {
    reducedMotion = event.matches;
    if (reducedMotion) {
      game.particles.length = 0;
      game.shake = 0;
    }
    setBallSpeed(ballSpeedFor(game.level));
    if (!loop.rafId) render();
  }

  // ---------------------------------------------------------------------------
  // Wiring (all listeners are registered exactly once)
  // ---------------------------------------------------------------------------
  $('play-button').addEventListener('click', newGame);
  $('again-button').addEventListener('click', newGame);
  $('cleared-again-button').addEventListener('click', newGame);
  $('next-button').addEventListener('click', nextLevel);
  $('resume-button').addEventListener('click', resume);
  pauseButton.addEventListener('click', togglePause);

  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  window.addEventListener('blur', autoPause);
  window.addEventListener('pagehide', autoPause);
  document.addEventListener('visibilitychange', onVisibilityChange);

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerEnd);
  canvas.addEventListener('pointercancel', onPointerEnd);
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());

  motionQuery.addEventListener('change', onMotionChange);

  if ('ResizeObserver' in window) {
    new ResizeObserver(resize).observe(canvas);
  }
  window.addEventListener('resize', resize); // also catches devicePixelRatio changes (zoom, moving screens)

  // Initial picture behind the start screen: level 1 waiting to be played.
  buildLevel(1);
  setBallSpeed(ballSpeedFor(1));
  placeBallOnPaddle();
  updateHud();
  showScreen('start');
  resize();
})();
