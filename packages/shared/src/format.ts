import dayjs from 'dayjs';

/** Spec §9 date formats. */
export const formatDate = (d: string | number | Date) => dayjs(d).format('MMM D, YYYY');
export const formatTime = (d: string | number | Date) => dayjs(d).format('h:mm A');
export const formatDateTime = (d: string | number | Date) => dayjs(d).format('MMM D, YYYY h:mm A');
