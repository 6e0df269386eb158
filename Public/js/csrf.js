// The page's CSRF token, sent as X-CSRF-Token with every request a script makes that changes something.
export const csrf = document.querySelector('meta[name="csrf-token"]')?.content ?? "";
