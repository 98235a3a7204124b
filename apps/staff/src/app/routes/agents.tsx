import { AgentReport } from '../../features/agents/components/agent-report';
import { AgentsScreen } from '../../features/agents/components/agents-screen';
import { t } from '../../lib/i18n';

export function AgentsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Agents')}</h1>
      <AgentsScreen />
      <AgentReport />
    </>
  );
}
