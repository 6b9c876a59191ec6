/**
 * Cookies kept as a browser keeps them, by name and path, and sent with the requests under their path
 * (the longest path first, as browsers order them). For the smoke test and the tests that read media as a
 * browser does: the API grants a story's media with signed cookies on the story's folder (issue 36).
 */
export function cookieJar() {
  const cookies = new Map<string, { name: string; value: string; path: string }>();
  return {
    /** Keeps the cookies an answer sets. */
    keep(response: Response): void {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        if (at <= 0) continue;
        const name = pair.slice(0, at).trim();
        const path =
          attributes
            .map((each) => each.trim())
            .find((each) => /^path=/i.test(each))
            ?.slice(5) ?? '/';
        cookies.set(`${name}|${path}`, { name, value: pair.slice(at + 1).trim(), path });
      }
    },
    /** The Cookie header a browser would send for this path. */
    headerFor(path: string): string {
      return [...cookies.values()]
        .filter((cookie) => path.startsWith(cookie.path))
        .sort((a, b) => b.path.length - a.path.length)
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; ');
    },
    /** Every cookie kept (name, value, path). */
    all: () => [...cookies.values()],
  };
}
