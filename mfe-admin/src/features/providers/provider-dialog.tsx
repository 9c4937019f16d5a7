import { useState } from 'react';
import {
  createProviderRequestSchema,
  updateProviderRequestSchema,
  type AdminProvider,
  type CreateProviderRequest,
  type UpdateProviderRequest,
} from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { Field } from '../dialogs/field';

export type ProviderSave =
  | { kind: 'create'; body: CreateProviderRequest }
  | { kind: 'update'; id: string; body: UpdateProviderRequest };

type Errors = Partial<Record<'id' | 'name' | 'baseUrl' | 'apiKey' | 'models', string>>;

const modelsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Add or edit an OpenAI-compatible provider. The key is write-only: editing shows only its last 4
 * characters, and an empty key field keeps the stored one. The rules are the contract's, checked here
 * first so a bad URL is named before anything is sent; the server's field errors show the same way.
 */
export function ProviderDialog(props: {
  provider?: AdminProvider;
  busy: boolean;
  serverErrors?: Errors;
  onClose: () => void;
  onSave: (save: ProviderSave) => void;
}) {
  const p = props.provider;
  const [id, setId] = useState(p?.id ?? '');
  const [name, setName] = useState(p?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(p?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [models, setModels] = useState(p?.models.join('\n') ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...props.serverErrors, ...errors };

  const submit = () => {
    const common = { name: name.trim(), baseUrl: baseUrl.trim(), models: modelsOf(models) };
    const key = apiKey.trim() ? { apiKey: apiKey.trim() } : {};
    const parsed = p
      ? updateProviderRequestSchema.safeParse({ ...common, ...key })
      : createProviderRequestSchema.safeParse({ id: id.trim(), ...common, ...key });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name') as keyof Errors;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    props.onSave(
      p
        ? { kind: 'update', id: p.id, body: { ...common, ...key } }
        : { kind: 'create', body: { id: id.trim(), ...common, ...key } },
    );
  };

  const error = (field: keyof Errors) =>
    shown[field] && (
      <small className="providers__error" role="alert" data-testid={`provider-error-${field}`}>
        {shown[field]}
      </small>
    );
  return (
    <Dialog
      title={p ? `Edit ${p.name}` : 'Add Provider'}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel={p ? 'Save' : 'Add Provider'}
      submitDisabled={props.busy}
      noValidate
      testId="provider-dialog"
    >
      {!p && (
        <Field label="ID" hint="Part of every model id (lab/llama3): lower case letters, digits and dashes">
          <input value={id} onChange={(e) => setId(e.target.value)} aria-invalid={!!shown.id} />
          {error('id')}
        </Field>
      )}
      <Field label="Name">
        <input value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!shown.name} />
        {error('name')}
      </Field>
      <Field label="Base URL" hint="The OpenAI-compatible API, e.g. https://api.openai.com/v1">
        <input
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          aria-invalid={!!shown.baseUrl}
        />
        {error('baseUrl')}
      </Field>
      <Field
        label="API Key"
        hint={
          p?.apiKey.set
            ? `A key ending in ${p.apiKey.last4 ?? '…'} is stored; leave empty to keep it`
            : 'Optional; stored encrypted and never shown again'
        }
      >
        <input
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
        {error('apiKey')}
      </Field>
      <Field label="Models" hint="Optional: only these (one per line); empty offers every model it lists">
        <textarea rows={3} value={models} onChange={(e) => setModels(e.target.value)} />
        {error('models')}
      </Field>
    </Dialog>
  );
}
