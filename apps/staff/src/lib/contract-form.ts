import type { z } from 'zod';

/**
 * A form's schema for react-hook-form's zod resolver (issue 41 §6): `fields` is the form as typed
 * (its fields have the contract's names), `toBody` turns it into the API's body, and the shared
 * `contract` checks that body. Its messages land at the form's fields: a list's own message at
 * `{list}.root`, one about no field at `fallback`. The body is the form's output, so the form
 * sends what the server takes.
 */
export function contractForm<F extends z.ZodObject, B>(fields: F, toBody: (f: z.output<F>) => B, contract: z.ZodType<B>, fallback: string) {
  return fields
    .superRefine((f, ctx) => {
      const body = toBody(f);
      const checked = contract.safeParse(body);
      if (checked.success) return;
      for (const issue of checked.error.issues) {
        const [first] = issue.path;
        const whole = issue.path.length === 1 && Array.isArray((body as Record<PropertyKey, unknown>)[first as PropertyKey]);
        const path = issue.path.length === 0 ? [fallback] : whole ? [first as string | number, 'root'] : issue.path;
        ctx.addIssue({ code: 'custom', path, message: issue.message });
      }
    })
    .transform(toBody);
}
