import { zodResolver } from '@hookform/resolvers/zod';
import { agentRateBodySchema, assignCustomerBodySchema, type AdminAgent } from '@grocer/shared/agents';
import { ApiError, field } from '@grocer/shared/api-client';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { inputClass } from '../../../components/ui/field';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useAgents, useAssignCustomer, useSetRate, useUnassignCustomer } from '../api/agents';
import { t } from '../../../lib/i18n';

/** The server's message for one field when it named one, else its message. */
function messageFor(error: unknown, name: string): string {
  const errors = error instanceof ApiError ? (field(error.data, 'errors') as Record<string, string[]> | undefined) : undefined;
  return errors?.[name]?.[0] ?? errorMessage(error);
}

type RateBody = z.input<typeof agentRateBodySchema>;
type AssignBody = z.input<typeof assignCustomerBodySchema>;

/**
 * The rate form's schema (for react-hook-form's zod resolver): the percent as typed ('' is none) is
 * the API's number, checked by the shared contract (its message shown at the rate) and sent.
 */
const rateFormSchema = contractForm(
  z.object({ commission_rate: z.string() }),
  (f): RateBody => ({ commission_rate: f.commission_rate.trim() === '' ? NaN : Number(f.commission_rate) }),
  agentRateBodySchema,
  'commission_rate',
);
/** The assign form's schema: the mobile number or email as typed is the API's body, checked by the shared contract. */
const assignFormSchema = contractForm(z.object({ identifier: z.string() }), (f): AssignBody => f, assignCustomerBodySchema, 'identifier');

/** A field's error as its aria attributes say it: invalid, described by its message (`{id}-error`). */
const errorAttrs = (id: string, error: string | undefined) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/**
 * Administration → Agents: the website's sales agents (people with isSalesAgent), each with the
 * commission rate the owner sets and the customers assigned to them. A customer is assigned by
 * mobile number or email (taken from another agent if they had one) and can be removed. Every
 * change is audited by the server.
 */
export function AgentsScreen() {
  const agents = useAgents();
  if (agents.isPending) return <p className="text-gray-600">{t('Loading…')}</p>;
  if (agents.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(agents.error)}
      </p>
    );
  if (agents.data.data.length === 0)
    return <p className="text-gray-600">{t('This website has no sales agents yet. A person becomes one with the sales agent flag.')}</p>;
  return (
    <ul className="grid gap-4 xl:grid-cols-2">
      {agents.data.data.map((a) => (
        <li key={a.id}>
          <AgentCard agent={a} />
        </li>
      ))}
    </ul>
  );
}

function AgentCard({ agent }: { agent: AdminAgent }) {
  const setRate = useSetRate();
  const assign = useAssignCustomer();
  const unassign = useUnassignCustomer();
  const rateForm = useForm<{ commission_rate: string }, unknown, RateBody>({
    resolver: zodResolver(rateFormSchema),
    defaultValues: { commission_rate: String(agent.commission_rate) },
  });
  const assignForm = useForm<AssignBody>({ resolver: zodResolver(assignFormSchema), defaultValues: { identifier: '' } });
  const rate = rateForm.watch('commission_rate');
  const identifier = assignForm.watch('identifier');
  const rateError = rateForm.formState.errors.commission_rate?.message;
  const assignError = assignForm.formState.errors.identifier?.message;
  const rateId = `rate-${agent.id}`;
  const assignId = `assign-${agent.id}`;
  // the server's refusal is shown at the field: its message about the field, else its message
  const saveRate = rateForm.handleSubmit(async ({ commission_rate }) => {
    try {
      await setRate.mutateAsync({ agentId: agent.id, rate: commission_rate });
    } catch (err) {
      rateForm.setError('commission_rate', { type: 'server', message: messageFor(err, 'commission_rate') });
    }
  });
  const add = assignForm.handleSubmit(async (body) => {
    try {
      await assign.mutateAsync({ agentId: agent.id, identifier: body.identifier });
      assignForm.reset({ identifier: '' });
    } catch (err) {
      assignForm.setError('identifier', { type: 'server', message: messageFor(err, 'identifier') });
    }
  });
  return (
    <section aria-label={agent.name} className="rounded-lg border bg-white p-4">
      <h2 className="text-lg font-semibold">{agent.name}</h2>
      <p className="text-sm text-gray-600">{[agent.phone, agent.email].filter(Boolean).join(' · ')}</p>

      <form onSubmit={saveRate} noValidate className="mt-3 flex items-end gap-2">
        <div>
          <label htmlFor={rateId} className="block text-sm font-medium text-gray-700">
            {t('Commission rate (%)')}
          </label>
          <input
            id={rateId}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            {...rateForm.register('commission_rate')}
            {...errorAttrs(rateId, rateError)}
            className={`${inputClass} w-32`}
          />
        </div>
        <button
          type="submit"
          disabled={rateForm.formState.isSubmitting || rate === String(agent.commission_rate)}
          className="rounded-md bg-gray-900 px-3 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('Save rate')}
        </button>
      </form>
      {rateError && (
        <p id={`${rateId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {rateError}
        </p>
      )}

      <h3 className="mt-4 text-sm font-semibold">{t('Customers ({customers})', { customers: agent.customers.length })}</h3>
      {agent.customers.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No customers assigned.')}</p>
      ) : (
        <ul className="mt-1 divide-y text-sm">
          {agent.customers.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-2 py-1.5">
              <span className="min-w-0">
                {c.name} <span className="text-gray-500">{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
              </span>
              <button
                type="button"
                onClick={() => unassign.mutate({ agentId: agent.id, customerId: c.id })}
                disabled={unassign.isPending}
                aria-label={t('Remove {name} from {agentName}', { name: c.name, agentName: agent.name })}
                className="shrink-0 rounded border px-2 py-0.5 text-xs text-gray-700 hover:bg-gray-50"
              >
                {t('Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {unassign.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errorMessage(unassign.error)}
        </p>
      )}
      <form onSubmit={add} className="mt-3 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={assignId} className="block text-sm font-medium text-gray-700">
            {t('Assign a customer (mobile or email)')}
          </label>
          <input
            id={assignId}
            {...assignForm.register('identifier')}
            {...errorAttrs(assignId, assignError)}
            placeholder={t('9876543210 or name@example.com')}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={assignForm.formState.isSubmitting || !identifier.trim()}
          className="rounded-md bg-gray-900 px-3 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('Assign')}
        </button>
      </form>
      {assignError && (
        <p id={`${assignId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {assignError}
        </p>
      )}
    </section>
  );
}
