import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { getActingFor, setActingFor, type ActingFor } from '../../../lib/acting-for';
import { paths } from '../../../lib/paths';
import { t } from '../../../lib/i18n';

/**
 * While a sales agent shops for a customer ("Shop for Priya" on the sales dashboard), every page
 * says so at the top, with a way to stop (issue 40.16): before, nothing showed until checkout.
 * Read after the page has drawn (the choice lives in this tab's storage, which the server's HTML
 * cannot know), and again on each navigation.
 */
export function ActingForBanner({ agent }: { agent: boolean }) {
  const { pathname } = useLocation();
  const [who, setWho] = useState<ActingFor | null>(null);
  useEffect(() => setWho(agent ? getActingFor() : null), [agent, pathname]);
  if (!who) return null;
  return (
    <div role="status" className="bg-amber-100 px-3 py-2 text-center text-sm text-amber-950">
      {t('Shopping for')} <strong>{who.name}</strong>: {t('their addresses and the order are theirs.')}{' '}
      <button
        type="button"
        className="ml-1 min-h-11 font-semibold underline sm:min-h-0"
        onClick={() => {
          setActingFor(null);
          setWho(null);
        }}
      >
        {t('Stop shopping for {name}', { name: who.name.split(' ')[0] })}
      </button>{' '}
      <a data-link href={paths.salesDashboard()} className="ml-1 font-semibold underline">
        {t('Sales dashboard')}
      </a>
    </div>
  );
}
