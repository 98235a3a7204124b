import { whatsappSettingsBodySchema, type WhatsappSettings, type WhatsappSettingsBody } from '@grocer/shared/whatsapp';

const SECRETS = ['access_token', 'app_secret', 'verify_token'] as const;

/** The form's values from the saved settings: secrets are never shown, so their fields start empty. */
export const whatsappToForm = (s: WhatsappSettings): WhatsappSettingsBody => ({
  enabled: s.enabled,
  phone_number_id: s.phone_number_id ?? '',
  access_token: '',
  app_secret: '',
  verify_token: '',
  language: s.language,
});

/**
 * The form's schema: the shared contract; before anything is saved the three secrets are needed
 * (afterwards an empty one keeps the stored secret).
 */
export const whatsappFormSchema = (configured: boolean) =>
  whatsappSettingsBodySchema.superRefine((b, ctx) => {
    if (configured) return;
    for (const k of SECRETS)
      if (!b[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'Paste it from the Meta app (needed the first time)' });
  });
