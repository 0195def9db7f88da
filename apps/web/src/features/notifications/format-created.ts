import dayjs from 'dayjs';

/** `createdAt` as 'YYYY-MM-DD HH:mm:ss' in local time, or '-' when missing (spec 2 "Notifications" dialog). */
export function formatCreated(createdAt: string | null | undefined): string {
  if (!createdAt) return '-';
  const value = dayjs(createdAt);
  return value.isValid() ? value.format('YYYY-MM-DD HH:mm:ss') : '-';
}
