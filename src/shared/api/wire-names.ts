// Names both sides of the wire agree on. Kept apart from the zod schemas so the app shell, which
// needs the header name on every call, does not pull zod into the first load.

/** The browser sends its IANA zone on every API call so "today" is the user's own day. */
export const TIME_ZONE_HEADER = 'x-time-zone';

export const SESSION_COOKIE = 'stride_session';
