/**
 * The WhatsApp module's published interface (issue 46 §6): order updates on WhatsApp beside SMS
 * and email, through the WhatsApp Business Cloud API (docs/whatsapp.md). `createWhatsappChannel`
 * plugs the channel into the outbox; the routes are the settings (staff scope) and the webhook;
 * the simulator is mounted beside the payment simulator outside production.
 */
export { createWhatsappChannel, templateFor } from './service';
export { whatsappAdminRoutes, whatsappWebhookRoutes } from './routes';
export { whatsappSimRoutes, type SimMessage } from './sim';
export { signatureOf } from './cloud-api';
