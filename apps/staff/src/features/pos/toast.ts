import { toast as sonner } from 'sonner';

/** The till's messages: their own toaster at the bottom left (the right holds the bill, the total and Pay). */
export const POS_TOASTER = 'pos';
const o = { toasterId: POS_TOASTER };
export const toast = {
  success: (m: string) => sonner.success(m, o),
  error: (m: string) => sonner.error(m, o),
  warning: (m: string) => sonner.warning(m, o),
};
