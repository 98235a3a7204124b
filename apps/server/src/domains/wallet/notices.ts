import { addShopDays, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { dayIn, monthIn } from '@grocer/shared/messages/types';
import { KHATA_DUE_DAYS_DEFAULT, KHATA_PAY_PATH, type KhataSettings } from '@grocer/shared/wallet';
import { customerMessages, primaryOrigin, recordAudit, usersByIds, type AuditActor } from './deps';
import { rupees } from './ledger';
import { accountEntries, customerAccounts, khataNotices, khataSettings } from './tables';

// The monthly khata statement and its reminders (issue 44 §2), through the outbox.

/** What the notices need of the outbox (its `send`: queued, then delivered or retried by its own job). */
export interface NoticeOutbox {
  send(m: {
    websiteId: number;
    channel: 'email' | 'sms';
    to: string;
    subject?: string;
    body: string;
    /** the customer's channel choices for payments messages are honoured (issue 46 §7) */
    about?: { kind: 'payments'; userId: number };
  }): Promise<unknown>;
}

export async function getKhataSettings(db: DbOrTx, websiteId: number): Promise<KhataSettings> {
  const [row] = await db.select().from(khataSettings).where(eq(khataSettings.websiteId, websiteId));
  return { due_days: row?.dueDays ?? KHATA_DUE_DAYS_DEFAULT };
}

/** The website's khata terms (days to pay after the statement), audited. */
export async function saveKhataSettings(db: Db, actor: AuditActor, s: KhataSettings): Promise<KhataSettings> {
  return db.transaction(async (tx) => {
    const before = await getKhataSettings(tx, actor.websiteId);
    await tx
      .insert(khataSettings)
      .values({ websiteId: actor.websiteId, dueDays: s.due_days })
      .onConflictDoUpdate({ target: khataSettings.websiteId, set: { dueDays: s.due_days } });
    await recordAudit(tx, actor, { entity: 'khata_settings', entityId: actor.websiteId, action: 'update', before, after: s });
    return s;
  });
}

export type NoticeStage = 'statement' | 'before_due' | 'after_due';

/**
 * Which notice a khata gets today, if any. The statement of month M goes out from the 1st of M+1
 * (the statement date) until its due date, the 1st + `dueDays`; a reminder in the two days before
 * the due date, and one in the seven days after it, each only while something is still owed.
 */
export function noticeStageOn(today: string, statementDay: string, dueDays: number): NoticeStage[] {
  const due = addShopDays(statementDay, dueDays);
  const stages: NoticeStage[] = [];
  if (today >= statementDay && today < due) stages.push('statement');
  if (today >= addShopDays(due, -2) && today < due) stages.push('before_due');
  if (today > due && today <= addShopDays(due, 7)) stages.push('after_due');
  return stages;
}

/**
 * The job (every hour, every process): for each open khata that owed money at the end of last
 * month, the statement (what was owed on the statement date, the due date and how to pay), then the
 * reminders, each queued once per (account, month, stage): the `khata_notices` row is written
 * first, with the unique key deciding which run (or process) sends. Answers how many were queued.
 * The message says where to pay: at the counter, or online by the link to the shop's account page
 * (`publicUrl`, else the website's primary address), which opens the khata's payment for what is owed.
 */
export async function sendKhataNotices(db: Db, outbox: NoticeOutbox, opts: { now?: Date; publicUrl?: string | null } = {}) {
  const today = shopDayOf(opts.now ?? new Date());
  const statementDay = `${today.slice(0, 7)}-01`;
  const month = addShopDays(statementDay, -1).slice(0, 7);
  const startOfMonth = shopDayStart(statementDay);
  const rows = await db
    .select({
      account: customerAccounts,
      closing: sql<string>`(select coalesce(sum(${accountEntries.amountPaise}), 0) from ${accountEntries} where ${accountEntries.accountId} = ${customerAccounts.id} and ${accountEntries.createdAt} < ${startOfMonth.toISOString()}::timestamptz)`,
      dueDays: sql<number>`coalesce(${khataSettings.dueDays}, ${KHATA_DUE_DAYS_DEFAULT})`,
    })
    .from(customerAccounts)
    .leftJoin(khataSettings, eq(khataSettings.websiteId, customerAccounts.websiteId))
    .where(and(eq(customerAccounts.kind, 'khata'), eq(customerAccounts.status, 'open')));
  const owing = rows.filter((r) => Number(r.closing) < 0);
  const people = new Map((await usersByIds(db, [...new Set(owing.map((r) => r.account.userId))])).map((u) => [u.id, u]));
  let queued = 0;
  for (const r of owing) {
    const a = r.account;
    const owedThen = -Number(r.closing);
    const owedNow = -a.balancePaise;
    const dueOn = addShopDays(statementDay, Number(r.dueDays));
    for (const stage of noticeStageOn(today, statementDay, Number(r.dueDays))) {
      if (stage !== 'statement' && owedNow <= 0) continue;
      const owed = stage === 'statement' ? owedThen : Math.min(owedThen, owedNow);
      const [made] = await db
        .insert(khataNotices)
        .values({ websiteId: a.websiteId, accountId: a.id, month, stage, owedPaise: owed, dueOn })
        .onConflictDoNothing()
        .returning({ id: khataNotices.id });
      if (!made) continue;
      const who = people.get(a.userId);
      const m = await customerMessages(db, a.websiteId, { userId: a.userId });
      // the pay link: the account page opens "Pay khata" for what is owed (issue 44 §4)
      const origin = opts.publicUrl?.replace(/\/$/, '') ?? (await primaryOrigin(db, a.websiteId));
      const online = origin ? `${origin}${KHATA_PAY_PATH}` : null;
      const p = { owed: rupees(owed), due: dayIn(m.language, dueOn), online };
      const text =
        stage === 'statement'
          ? m.khata.statement({ ...p, month: monthIn(m.language, month) })
          : stage === 'before_due'
            ? m.khata.beforeDue(p)
            : m.khata.afterDue(p);
      const subject = stage === 'statement' ? m.khata.statementSubject({ month: monthIn(m.language, month) }) : m.khata.reminderSubject;
      const about = { kind: 'payments' as const, userId: a.userId };
      if (who?.phone) await outbox.send({ websiteId: a.websiteId, channel: 'sms', to: who.phone, body: text, about });
      if (who?.email) await outbox.send({ websiteId: a.websiteId, channel: 'email', to: who.email, subject, body: text, about });
      queued++;
    }
  }
  return { queued };
}
