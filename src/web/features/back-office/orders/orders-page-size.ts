// The operator's chosen number of orders per page, remembered in this browser.
const PAGE_SIZE_KEY = 'presale-admin-orders-page-size';
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function findSavedPageSize(): number {
  try {
    const v = Number(localStorage.getItem(PAGE_SIZE_KEY));
    return (PAGE_SIZES as readonly number[]).includes(v) ? v : 20;
  } catch {
    return 20;
  }
}

export function savePageSize(pageSize: number): void {
  try {
    localStorage.setItem(PAGE_SIZE_KEY, String(pageSize));
  } catch {
    /* not remembered: storage unavailable */
  }
}
