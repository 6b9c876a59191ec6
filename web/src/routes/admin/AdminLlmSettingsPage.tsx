import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '../../components/toast';
import { firstError } from '#common/validation/accounts';
import { findModel, MAX_OUTPUT_TOKENS, modelsOfKind } from '#common/models/catalogue';
import { TEMPLATE_FIELD_MAX, TEMPLATE_MODEL_KIND, templateUpdateSchemaFor } from '#common/validation/admin';
import { useActivateTemplate, useTemplates, useUpdateTemplate, type TemplateView } from '../../api/admin';
import { PageSpinner } from '../../components/PageSpinner';
import { TryAgainButton } from './controls';
import { formatDateTime, messageOf } from './format';
import { useBusyAction } from './useBusyAction';
import './admin-llm-settings.css';

type TemplateType = TemplateView['type'];

const TABS: { type: TemplateType; label: string }[] = [
  { type: 'story_system', label: 'Story Generation' },
  { type: 'image_generation', label: 'Image Generation' },
];

/** The newest versions (and the active one) open; older versions stay readable behind a disclosure. */
const SHOWN_VERSIONS = 3;

/** A failed action's toast, with the server's reason in it. */
const reportFailure = (failure: string, error: unknown) => toast.error(`${failure}: ${messageOf(error)}`);

type State =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; templates: TemplateView[] };

/**
 * SPEC §2 LLM settings: two tabs of prompt templates. Saving creates a new version; "Set as Active" makes a
 * version the one every generation of its type reads.
 */
export default function AdminLlmSettingsPage() {
  const id = useId();
  // Saving or activating a version invalidates the templates (api/admin.ts): they are read again.
  const templates = useTemplates();
  const state: State = templates.data
    ? { status: 'ready', templates: templates.data.templates }
    : templates.isError && !templates.isFetching
      ? { status: 'failed', message: messageOf(templates.error) }
      : { status: 'loading' };
  const { error } = templates;
  useEffect(() => {
    if (error) toast.error(`Failed to load templates: ${messageOf(error)}`);
  }, [error]);
  const [tab, setTab] = useState<TemplateType>('story_system');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onTabKey(event: KeyboardEvent, index: number) {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const target = next === undefined ? undefined : TABS[next];
    if (next === undefined || !target) return;
    event.preventDefault();
    setTab(target.type);
    tabs.current[next]?.focus();
  }

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1>LLM Settings</h1>
          <p className="admin-page__subtitle">The prompt templates every story and picture is made from</p>
        </div>
      </header>

      <div className="admin-tabs" role="tablist" aria-label="Template types">
        {TABS.map((entry, index) => (
          <button
            key={entry.type}
            ref={(button) => {
              tabs.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${entry.type}`}
            aria-selected={tab === entry.type}
            aria-controls={`${id}-panel-${entry.type}`}
            tabIndex={tab === entry.type ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => setTab(entry.type)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {entry.label}
          </button>
        ))}
      </div>

      {TABS.map((entry) => (
        <div
          key={entry.type}
          role="tabpanel"
          id={`${id}-panel-${entry.type}`}
          aria-labelledby={`${id}-tab-${entry.type}`}
          hidden={tab !== entry.type}
          tabIndex={0}
          className="admin-tabpanel"
        >
          {tab === entry.type && (
            <TemplateList
              type={entry.type}
              state={state}
              generation={templates.dataUpdatedAt}
              onRetry={() => void templates.refetch()}
            />
          )}
        </div>
      ))}
    </div>
  );
}

function TemplateList({
  type,
  state,
  generation,
  onRetry,
}: {
  type: TemplateType;
  state: State;
  /** Changes with every answer: the cards start again from what the server holds. */
  generation: number;
  onRetry: () => void;
}) {
  if (state.status === 'loading') return <PageSpinner label="Loading templates…" />;
  if (state.status === 'failed') {
    return (
      <div className="admin-message" role="alert">
        <p>Failed to load templates: {state.message}</p>
        <TryAgainButton onClick={onRetry} />
      </div>
    );
  }
  // The active version first, then the others newest first (as the server answers).
  const templates = state.templates
    .filter((template) => template.type === type)
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
  const shown = templates.filter((template, index) => index < SHOWN_VERSIONS || template.isActive);
  const older = templates.filter((template) => !shown.includes(template));
  return (
    <>
      {type === 'image_generation' && (
        <aside className="admin-placeholders" aria-labelledby="placeholders-title">
          <h2 id="placeholders-title">Placeholders</h2>
          <p>The image prompt may use these placeholders; each is filled in for every picture:</p>
          <dl>
            <div>
              <dt>
                <code>{'{art_style}'}</code>
              </dt>
              <dd>the story’s art style, such as watercolor or comic book</dd>
            </div>
            <div>
              <dt>
                <code>{'{scene_description}'}</code>
              </dt>
              <dd>what happens in the scene being painted</dd>
            </div>
            <div>
              <dt>
                <code>{'{characters}'}</code>
              </dt>
              <dd>who is in the picture, starting with the hero</dd>
            </div>
            <div>
              <dt>
                <code>{'{mood}'}</code>
              </dt>
              <dd>the feeling of the scene, such as cheerful or mysterious</dd>
            </div>
          </dl>
        </aside>
      )}
      {templates.length === 0 && <p className="admin-empty-line">No templates of this type yet.</p>}
      <ul className="admin-templates">
        {shown.map((template) => (
          <li key={`${generation}:${template.id}`}>
            <TemplateCard template={template} />
          </li>
        ))}
      </ul>
      {older.length > 0 && (
        <details className="admin-older">
          <summary>Older versions ({older.length})</summary>
          <ul className="admin-templates">
            {older.map((template) => (
              <li key={`${generation}:${template.id}`}>
                <TemplateCard template={template} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function TemplateCard({ template }: { template: TemplateView }) {
  const id = useId();
  const story = template.type === 'story_system';
  const [content, setContent] = useState(template.content);
  const [model, setModel] = useState(template.parameters.model);
  const [temperature, setTemperature] = useState(String(template.parameters.temperature));
  const [maxTokens, setMaxTokens] = useState(String(template.parameters.max_tokens));
  const [busy, runBusy] = useBusyAction<'save' | 'activate'>(reportFailure);
  // Each invalidates the templates: the list is read again, and the cards start from it.
  const updateTemplate = useUpdateTemplate();
  const activateTemplate = useActivateTemplate();
  // The chosen model's own limit (Nova Lite answers at most 5,000 tokens); the catalogue's largest otherwise.
  const tokenLimit = findModel(model)?.maxOutputTokens ?? MAX_OUTPUT_TOKENS;

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = templateUpdateSchemaFor(template.type).safeParse({
      content,
      parameters: {
        model,
        temperature: temperature.trim() === '' ? Number.NaN : Number(temperature),
        max_tokens: maxTokens.trim() === '' ? Number.NaN : Number(maxTokens),
      },
    });
    const problem = firstError(parsed);
    if (problem || !parsed.success) return void toast.error(problem ?? 'Failed to update template');
    await runBusy('save', 'Failed to update template', async () => {
      await updateTemplate.mutateAsync({ templateId: template.id, update: parsed.data });
      toast.success('Template updated successfully');
    });
  }

  const activate = () =>
    runBusy('activate', 'Failed to set active template', async () => {
      await activateTemplate.mutateAsync(template.id);
      toast.success('Active template updated');
    });

  return (
    <article
      className={template.isActive ? 'card admin-template admin-template--active' : 'card admin-template'}
      aria-labelledby={`${id}-name`}
    >
      <header className="admin-template__header">
        <h2 id={`${id}-name`} className="admin-template__name">
          {template.name}
        </h2>
        <span className="admin-badges">
          {template.isActive && <span className="admin-badge admin-badge--success">Active</span>}
          <span className="admin-badge admin-badge--muted">Version {template.version}</span>
        </span>
        <span className="admin-template__date">{formatDateTime(template.createdAt)}</span>
      </header>
      <form className="form" onSubmit={save} aria-labelledby={`${id}-name`}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-content`}>
            Prompt Content
          </label>
          <textarea
            id={`${id}-content`}
            className="field__input field__input--area admin-template__content"
            rows={story ? 8 : 5}
            maxLength={TEMPLATE_FIELD_MAX.content}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
        <div className={story ? 'admin-template__params' : 'admin-template__params admin-template__params--one'}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-model`}>
              Model
            </label>
            <input
              id={`${id}-model`}
              className="field__input"
              maxLength={TEMPLATE_FIELD_MAX.model}
              list={`${id}-models`}
              value={model}
              onChange={(e) => setModel(e.target.value)}
            />
            <datalist id={`${id}-models`}>
              {modelsOfKind(TEMPLATE_MODEL_KIND[template.type]).map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </datalist>
          </div>
          {story && (
            <>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-temperature`}>
                  Temperature
                </label>
                <input
                  id={`${id}-temperature`}
                  className="field__input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={1}
                  step={0.1}
                  value={temperature}
                  aria-describedby={`${id}-temperature-hint`}
                  onChange={(e) => setTemperature(e.target.value)}
                />
                <p id={`${id}-temperature-hint`} className="field__hint">
                  0 to 1, in steps of 0.1
                </p>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-tokens`}>
                  Max Tokens
                </label>
                <input
                  id={`${id}-tokens`}
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={tokenLimit}
                  aria-describedby={`${id}-tokens-hint`}
                  step={1}
                  value={maxTokens}
                  onChange={(e) => setMaxTokens(e.target.value)}
                />
                <p id={`${id}-tokens-hint`} className="field__hint">
                  1 to {tokenLimit}
                </p>
              </div>
            </>
          )}
        </div>
        <div className="admin-template__actions">
          {!template.isActive && (
            <button
              type="button"
              className="button button--small button--outline"
              disabled={busy !== undefined}
              aria-busy={busy === 'activate'}
              onClick={() => void activate()}
            >
              {busy === 'activate' ? 'Activating...' : 'Set as Active'}
            </button>
          )}
          <button
            type="submit"
            className="button button--small button--primary"
            disabled={busy !== undefined}
            aria-busy={busy === 'save'}
          >
            {busy === 'save' ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </article>
  );
}
