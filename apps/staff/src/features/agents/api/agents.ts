import { adminAgentListSchema, adminAgentSchema, agentReportSchema, type AdminAgent } from '@grocer/shared/agents';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/agents: the website's sales agents, their commission rate and customers. */
export const agentsQuery = queryOptions({
  queryKey: ['admin', 'agents'],
  queryFn: ({ signal }) => apiChecked('/api/admin/agents', async () => adminAgentListSchema, { signal }),
});
export const useAgents = () => useQuery(agentsQuery);

/** One agent's answer replaces theirs in the list (rate saved, customer assigned or removed). */
function useAgentWrite<V>(call: (v: V) => Promise<AdminAgent>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (agent) => {
      client.setQueryData(agentsQuery.queryKey, (list) => list && { data: list.data.map((a) => (a.id === agent.id ? agent : a)) });
      // a customer moved from another agent: that agent's list changed too
      void client.invalidateQueries({ queryKey: agentsQuery.queryKey });
      void client.invalidateQueries({ queryKey: ['admin', 'agents', 'report'] });
    },
  });
}

export const useSetRate = () =>
  useAgentWrite((v: { agentId: number; rate: number }) =>
    apiChecked(`/api/admin/agents/${v.agentId}`, async () => adminAgentSchema, { method: 'PUT', body: { commission_rate: v.rate } }),
  );
export const useAssignCustomer = () =>
  useAgentWrite((v: { agentId: number; identifier: string }) =>
    apiChecked(`/api/admin/agents/${v.agentId}/customers`, async () => adminAgentSchema, {
      method: 'POST',
      body: { identifier: v.identifier },
    }),
  );
export const useUnassignCustomer = () =>
  useAgentWrite((v: { agentId: number; customerId: number }) =>
    apiChecked(`/api/admin/agents/${v.agentId}/customers/${v.customerId}`, async () => adminAgentSchema, { method: 'DELETE' }),
  );

const rangeQuery = (r: { from: string; to: string }) => new URLSearchParams(Object.entries(r).filter(([, v]) => v)).toString();

/** GET /s/api/admin/agents/report?from&to: sales and commission by agent. */
export const agentReportQuery = (r: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['admin', 'agents', 'report', r.from, r.to],
    queryFn: ({ signal }) => apiChecked(`/api/admin/agents/report?${rangeQuery(r)}`, async () => agentReportSchema, { signal }),
  });
export const useAgentReport = (r: { from: string; to: string }) => useQuery(agentReportQuery(r));

/** The same report as a CSV download (a plain link: the session cookie goes with it). */
export const agentReportCsvUrl = (r: { from: string; to: string }) => `/s/api/admin/agents/report.csv?${rangeQuery(r)}`;
