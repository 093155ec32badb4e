import type { z } from 'zod';
import type * as schemas from './index';
import type { LiveChangeKind } from './live';
import { SIGN_IN_PATH, SIGN_OUT_PATH } from './wire-names';

/*
 * The API's contract (docs/decisions/029-api-contract.md): every call the server answers under /api, each
 * described once. The server registers its routes from it and validates with the schemas it names
 * (src/server/http/serve.ts); the client's calls take their path and their types from it
 * (src/client/lib/api-client.ts); the client tests' fake answers only what its output schema accepts
 * (src/client/testing/fake-api.ts); the offline queue keeps a change only when its call says it may
 * wait (src/client/lib/offline-changes.ts); the server announces what its call says
 * (src/server/modules/live/live-announcements.ts), and a tab refetches the reads whose `changedBy` names
 * the kind announced (src/client/lib/live-updates.ts). tests/server/contract.test.ts checks that every
 * route is here and every call here is a route.
 *
 * Schemas are named, not imported: this module holds no zod at run time, so the client can read its
 * paths and flags without loading zod on its first screen (docs/decisions/010-first-load-weight.md).
 * The names are checked by the compiler against the exports of src/shared/api.
 */

type Schemas = typeof schemas;

/** The name of a zod schema exported from src/shared/api. */
export type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];

/** The schema a name stands for. */
export type SchemaNamed<N extends SchemaName> = Schemas[N];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an answer that is not JSON is: a browser navigation's redirect (or page), a file, a stream. */
export type NotJson = 'redirect' | 'text/csv' | 'text/calendar' | 'text/event-stream';

/**
 * What a successful call tells the person's other tabs and devices (docs/decisions/017-live-sync.md): a
 * change of one kind of data (with the id of the item in the path, or of the item a create made), or the
 * end of sessions and their streams.
 */
export type Announcement =
  | LiveChangeKind
  /** A write that changes nothing another tab shows (a push subscription, say). */
  | 'nothing'
  | 'end-other-sessions'
  | 'end-session-in-path'
  | 'end-every-session';

export type Call = {
  readonly method: Method;
  /** The whole path, `:name` for each parameter, which `params` reads. */
  readonly path: string;
  readonly params?: SchemaName;
  readonly query?: SchemaName;
  readonly body?: SchemaName;
  /** The answer: JSON of this schema (200), nothing (null: 204), or not JSON. */
  readonly output: SchemaName | null | NotJson;
  /** Its 503 answer, when not the API's error body. */
  readonly output503?: SchemaName;
  /** A create: 201 with what it made, or 200 with the item a create with the same id made before. */
  readonly creates?: true;
  readonly announces?: Announcement;
  /**
   * A read's answers change with these kinds of live change: a tab that hears of one refetches this
   * read (every read also changes with `account`).
   */
  readonly changedBy?: readonly LiveChangeKind[];
  /**
   * A write that may wait on the device while Stride cannot be reached, and be sent later in order
   * (docs/product.md#connectivity): the words that name it if it is refused then, or undefined for a
   * change of this call that cannot wait.
   */
  readonly offline?: (body: never) => string | undefined;
};

const ITEM_LISTS: readonly LiveChangeKind[] = ['goals', 'tasks', 'habits', 'today'];

/*
 * Every change a person makes to their goals, tasks and habits may wait offline
 * (docs/product.md#connectivity): each fully applies or is refused whole when it is sent, and sending it
 * twice changes nothing (a tick of a ticked day, a delete of what is gone, a create with the id the
 * browser chose). The words name it in the toast if the server refuses it then. The account and its
 * devices, past days in a history, push and the calendar feed need the network.
 */
const always = (label: string) => () => label;
const newOrder = always('A new order');
const aDelete = always('A delete');
const clearingCompleted = always('Clearing completed tasks');

/** A create waits only with the id the browser chose: sent twice, it makes one item. */
const withClientId = (label: string) => (body: { id?: string | undefined }) =>
  typeof body.id === 'string' ? label : undefined;

const TODAY_FIELDS = new Set(['isToday', 'todaySortOrder']);

/** What a change of a task or a habit is called: a tick, a move on or off Today, a new day, an edit. */
function itemChangeLabel(body: object): string {
  const fields = Object.keys(body);
  if ('completedToday' in body || 'completed' in body) return 'A tick';
  if (fields.length > 0 && fields.every((field) => TODAY_FIELDS.has(field))) return 'A change to Today';
  if (fields.length === 1 && fields[0] === 'plannedFor') return 'A new day for a task';
  return 'An edit';
}

/** Plans of many tasks are named as one task's new day is, in the plural when there are more. */
const planLabel = (body: { moves: readonly unknown[] }) =>
  body.moves.length === 1 ? 'A new day for a task' : 'New days for tasks';

const authCalls = {
  /** The sign-in, a browser navigation to the identity provider (docs/decisions/002-sign-in.md). */
  signIn: { method: 'GET', path: SIGN_IN_PATH, query: 'SignInQuerySchema', output: 'redirect' },
  signInCallback: {
    method: 'GET',
    path: '/api/auth/callback',
    query: 'SignInCallbackQuerySchema',
    output: 'redirect',
  },
  /**
   * Answers a page asking to confirm when the navigation came from another site. The end of the
   * session's streams is published by the route, once it has ended the session (auth.routes.ts).
   */
  signOut: { method: 'GET', path: SIGN_OUT_PATH, output: 'redirect', announces: 'nothing' },
  user: { method: 'GET', path: '/api/auth/user', output: 'AuthUserSchema' },
  updateUser: {
    method: 'PATCH',
    path: '/api/auth/user',
    body: 'UpdateUserInputSchema',
    output: 'AuthUserSchema',
    announces: 'account',
  },
  sessions: { method: 'GET', path: '/api/auth/sessions', output: 'AccountSessionListSchema' },
  endOtherSessions: {
    method: 'DELETE',
    path: '/api/auth/sessions',
    output: null,
    announces: 'end-other-sessions',
  },
  endSession: {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    params: 'IdParamsSchema',
    output: null,
    announces: 'end-session-in-path',
  },
} as const satisfies Record<string, Call>;

const accountCalls = {
  export: { method: 'GET', path: '/api/account/export', output: 'AccountExportSchema' },
  exportCsv: {
    method: 'GET',
    path: '/api/account/export/csv/:list',
    params: 'CsvListParamsSchema',
    output: 'text/csv',
  },
  import: {
    method: 'POST',
    path: '/api/account/import',
    body: 'AccountImportSchema',
    output: 'AccountImportResultSchema',
    announces: 'account',
  },
  summary: { method: 'GET', path: '/api/account/summary', output: 'AccountSummarySchema' },
  remove: { method: 'DELETE', path: '/api/account', output: null, announces: 'end-every-session' },
} as const satisfies Record<string, Call>;

const goalsCalls = {
  list: {
    method: 'GET',
    path: '/api/goals',
    query: 'GoalListQuerySchema',
    output: 'GoalListSchema',
    changedBy: ['goals'],
  },
  create: {
    method: 'POST',
    path: '/api/goals',
    body: 'CreateGoalInputSchema',
    output: 'GoalSchema',
    creates: true,
    announces: 'goals',
    offline: withClientId('A new goal'),
  },
  /** Defined but unused by the client (the specification keeps it). */
  reorder: {
    method: 'POST',
    path: '/api/goals/reorder',
    body: 'SortReorderInputSchema',
    output: null,
    announces: 'goals',
    offline: newOrder,
  },
  update: {
    method: 'PATCH',
    path: '/api/goals/:id',
    params: 'IdParamsSchema',
    body: 'UpdateGoalInputSchema',
    output: 'GoalSchema',
    announces: 'goals',
    offline: always('An edit'),
  },
  /** Takes the goal's tasks with it. */
  remove: {
    method: 'DELETE',
    path: '/api/goals/:id',
    params: 'IdParamsSchema',
    output: null,
    announces: 'goals',
    offline: aDelete,
  },
  clearCompleted: {
    method: 'DELETE',
    path: '/api/goals/:goalId/tasks/completed',
    params: 'GoalParamsSchema',
    output: null,
    announces: 'goals',
    offline: clearingCompleted,
  },
} as const satisfies Record<string, Call>;

const tasksCalls = {
  list: {
    method: 'GET',
    path: '/api/tasks',
    query: 'TaskListQuerySchema',
    output: 'TaskListSchema',
    changedBy: ['goals', 'tasks', 'today'],
  },
  create: {
    method: 'POST',
    path: '/api/tasks',
    body: 'CreateTaskInputSchema',
    output: 'TaskSchema',
    creates: true,
    announces: 'tasks',
    offline: withClientId('A new task'),
  },
  reorder: {
    method: 'POST',
    path: '/api/tasks/reorder',
    body: 'TaskReorderInputSchema',
    output: null,
    announces: 'tasks',
    offline: newOrder,
  },
  /** The completed standalone todos. */
  clearCompleted: {
    method: 'DELETE',
    path: '/api/tasks/completed',
    output: null,
    announces: 'tasks',
    offline: clearingCompleted,
  },
  update: {
    method: 'PATCH',
    path: '/api/tasks/:id',
    params: 'IdParamsSchema',
    body: 'UpdateTaskInputSchema',
    output: 'TaskSchema',
    announces: 'tasks',
    offline: itemChangeLabel,
  },
  /**
   * Many tasks planned for their days at once, all or none, each as `update` plans one: "Plan all for
   * today" and its Undo (docs/decisions/047-plan-overdue-for-today.md). Answers the tasks, in the
   * order of the moves.
   */
  plan: {
    method: 'POST',
    path: '/api/tasks/plan',
    body: 'PlanTasksInputSchema',
    output: 'TaskListSchema',
    announces: 'tasks',
    offline: planLabel,
  },
  remove: {
    method: 'DELETE',
    path: '/api/tasks/:id',
    params: 'IdParamsSchema',
    output: null,
    announces: 'tasks',
    offline: aDelete,
  },
  history: {
    method: 'GET',
    path: '/api/tasks/:id/history',
    params: 'IdParamsSchema',
    query: 'HistoryQuerySchema',
    output: 'ItemHistorySchema',
    changedBy: ['goals', 'tasks', 'today'],
  },
  /**
   * One item of a task's checklist ticked or unticked, the others as they are, so two devices ticking
   * different items both keep theirs (docs/decisions/049-checklists.md). Answers the task.
   */
  tickChecklistItem: {
    method: 'PATCH',
    path: '/api/tasks/:id/checklist/:itemId',
    params: 'ChecklistItemParamsSchema',
    body: 'TickChecklistItemInputSchema',
    output: 'TaskSchema',
    announces: 'tasks',
    offline: always('A tick in a checklist'),
  },
  markDayDone: {
    method: 'PUT',
    path: '/api/tasks/:id/completions/:day',
    params: 'CompletionDayParamsSchema',
    output: 'TaskSchema',
    announces: 'tasks',
  },
  markDayNotDone: {
    method: 'DELETE',
    path: '/api/tasks/:id/completions/:day',
    params: 'CompletionDayParamsSchema',
    output: 'TaskSchema',
    announces: 'tasks',
  },
} as const satisfies Record<string, Call>;

const habitsCalls = {
  list: { method: 'GET', path: '/api/habits', output: 'HabitListSchema', changedBy: ['habits', 'today'] },
  create: {
    method: 'POST',
    path: '/api/habits',
    body: 'CreateHabitInputSchema',
    output: 'HabitSchema',
    creates: true,
    announces: 'habits',
    offline: withClientId('A new habit'),
  },
  reorder: {
    method: 'POST',
    path: '/api/habits/reorder',
    body: 'SortReorderInputSchema',
    output: null,
    announces: 'habits',
    offline: newOrder,
  },
  update: {
    method: 'PATCH',
    path: '/api/habits/:id',
    params: 'IdParamsSchema',
    body: 'UpdateHabitInputSchema',
    output: 'HabitSchema',
    announces: 'habits',
    offline: itemChangeLabel,
  },
  remove: {
    method: 'DELETE',
    path: '/api/habits/:id',
    params: 'IdParamsSchema',
    output: null,
    announces: 'habits',
    offline: aDelete,
  },
  history: {
    method: 'GET',
    path: '/api/habits/:id/history',
    params: 'IdParamsSchema',
    query: 'HistoryQuerySchema',
    output: 'ItemHistorySchema',
    changedBy: ['habits', 'today'],
  },
  markDayDone: {
    method: 'PUT',
    path: '/api/habits/:id/completions/:day',
    params: 'CompletionDayParamsSchema',
    output: 'HabitSchema',
    announces: 'habits',
  },
  markDayNotDone: {
    method: 'DELETE',
    path: '/api/habits/:id/completions/:day',
    params: 'CompletionDayParamsSchema',
    output: 'HabitSchema',
    announces: 'habits',
  },
} as const satisfies Record<string, Call>;

const todayCalls = {
  get: { method: 'GET', path: '/api/today', output: 'TodaySchema', changedBy: ITEM_LISTS },
  reorder: {
    method: 'POST',
    path: '/api/today/reorder',
    body: 'TodayReorderInputSchema',
    output: null,
    announces: 'today',
    offline: newOrder,
  },
} as const satisfies Record<string, Call>;

const upcomingCalls = {
  get: {
    method: 'GET',
    path: '/api/upcoming',
    query: 'UpcomingQuerySchema',
    output: 'UpcomingSchema',
    changedBy: ITEM_LISTS,
  },
} as const satisfies Record<string, Call>;

/** Web Push for reminders (docs/decisions/032-push-reminders.md). */
const pushCalls = {
  publicKey: { method: 'GET', path: '/api/push/public-key', output: 'PushPublicKeySchema' },
  subscribe: {
    method: 'POST',
    path: '/api/push/subscriptions',
    body: 'PushSubscriptionInputSchema',
    output: 'PushSubscriptionSchema',
    creates: true,
    announces: 'nothing',
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    body: 'DeletePushSubscriptionInputSchema',
    output: null,
    announces: 'nothing',
  },
} as const satisfies Record<string, Call>;

/** A reminder's notification (docs/product.md#reminders). */
const remindersCalls = {
  /**
   * "Snooze 10 min": the item's reminder again in 10 minutes on every device switched on (204; 404 for
   * an item not the person's). Not kept offline: a snooze sent later would come too late.
   */
  snooze: {
    method: 'POST',
    path: '/api/reminders/snooze',
    body: 'SnoozeReminderInputSchema',
    output: null,
    announces: 'nothing',
  },
} as const satisfies Record<string, Call>;

/** The calendar feed (docs/decisions/033-calendar-feed.md). */
const calendarCalls = {
  /** A new secret address (201); any earlier one stops working. */
  newFeed: {
    method: 'POST',
    path: '/api/calendar/feed',
    output: 'CalendarFeedSchema',
    creates: true,
    announces: 'nothing',
  },
  revokeFeed: { method: 'DELETE', path: '/api/calendar/feed', output: null, announces: 'nothing' },
  /**
   * The feed itself, for calendars: no session, outside the API's scope, its own limits; the route
   * reads the file name itself, so that any other address is a 404 (docs/product.md#calendar-feed).
   */
  feed: { method: 'GET', path: '/api/calendar/:file', output: 'text/calendar' },
} as const satisfies Record<string, Call>;

const liveCalls = {
  /** Server-Sent Events of the person's changes (docs/product.md#live-updates). */
  events: { method: 'GET', path: '/api/events', output: 'text/event-stream' },
} as const satisfies Record<string, Call>;

const healthCalls = {
  /** For load balancers: 503 with the same shape when this instance cannot serve. */
  get: { method: 'GET', path: '/api/health', output: 'HealthSchema', output503: 'HealthSchema' },
} as const satisfies Record<string, Call>;

/*
 * The person's labels across their tasks (docs/product.md#labels, docs/decisions/051-labels.md): a label
 * lives on its tasks, so renaming or removing it rewrites each task that carries it, in one transaction.
 * Not kept offline: a rename sent later would miss the tasks labelled meanwhile.
 */
const labelsCalls = {
  list: {
    method: 'GET',
    path: '/api/labels',
    output: 'LabelListSchema',
    // A goal's deletion takes its tasks, and their labels with them.
    changedBy: ['goals', 'tasks'],
  },
  rename: {
    method: 'PATCH',
    path: '/api/labels/:label',
    params: 'LabelParamsSchema',
    body: 'RenameLabelInputSchema',
    output: 'LabelListSchema',
    announces: 'tasks',
  },
  remove: {
    method: 'DELETE',
    path: '/api/labels/:label',
    params: 'LabelParamsSchema',
    output: null,
    announces: 'tasks',
  },
} as const satisfies Record<string, Call>;

/** Every call of the API, by resource. */
export const api = {
  auth: authCalls,
  account: accountCalls,
  goals: goalsCalls,
  tasks: tasksCalls,
  labels: labelsCalls,
  habits: habitsCalls,
  today: todayCalls,
  upcoming: upcomingCalls,
  push: pushCalls,
  reminders: remindersCalls,
  calendar: calendarCalls,
  live: liveCalls,
  health: healthCalls,
} as const;

export type Api = typeof api;

/** Every call, each once. */
export const allCalls: readonly Call[] = Object.values(api).flatMap((calls) => Object.values(calls));

type Input<N, Key extends string> = N extends SchemaName
  ? { [K in Key]: z.input<SchemaNamed<N>> }
  : { [K in Key]?: undefined };

/**
 * What a call is given: the parameters of its path, its query and its body, as the schemas read them.
 * Every query's fields are optional, and so is the query.
 */
export type CallInput<C extends Call> = Input<C['params'], 'params'> &
  Partial<Input<C['query'], 'query'>> &
  Input<C['body'], 'body'>;

/** Whether a call needs an input: a parameter in its path or a body. */
export type NeedsInput<C extends Call> = C extends { params: SchemaName } | { body: SchemaName }
  ? true
  : false;

/** What a call answers: its schema's output, or nothing. */
export type CallOutput<C extends Call> = C['output'] extends SchemaName
  ? z.output<SchemaNamed<C['output']>>
  : undefined;

/** Loosely, any call's input, for the code that fills in paths whatever the call. */
export type AnyCallInput = {
  params?: Readonly<Record<string, string>> | undefined;
  query?: Readonly<Record<string, string | undefined>> | undefined;
  body?: unknown;
};

/** The names of a path's parameters: `/api/tasks/:id/completions/:day` has id and day. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
}

/** The path a call is sent to: its parameters filled in, then its query, if any. */
export function pathOf(call: Call, input: AnyCallInput = {}): string {
  const path = call.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${call.method} ${call.path} needs ${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {}))
    if (value !== undefined) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The cache key of a read (docs/product.md#call-conventions): its path's parts, parameters filled in,
 * then its query as an object when it has one. `['api', 'goals', { showArchived: 'false' }]` is
 * GET /api/goals?showArchived=false.
 */
export function queryKeyOf(call: Call, input: AnyCallInput = {}): readonly unknown[] {
  const parts = pathOf(call, { params: input.params }).split('/').filter(Boolean);
  const query = Object.fromEntries(
    Object.entries(input.query ?? {}).filter(([, value]) => value !== undefined),
  );
  return Object.keys(query).length > 0 ? [...parts, query] : parts;
}

/**
 * The part of a read's key that every one of its answers shares (the path's parts before its first
 * parameter): what a live change refetches. A task's history, /api/tasks/:id/history, is under
 * ['api', 'tasks'].
 */
export function queryKeyRootOf(call: Call): readonly string[] {
  const parts = call.path.split('/').filter(Boolean);
  const firstParam = parts.findIndex((part) => part.startsWith(':'));
  return firstParam === -1 ? parts : parts.slice(0, firstParam);
}

const matchers = allCalls.map((call) => ({
  call,
  names: pathParams(call.path),
  pattern: new RegExp(`^${call.path.replace(/:[A-Za-z]+/g, '([^/?]+)')}/?(?:\\?.*)?$`),
}));

/** The call a request is, with its path's parameters: undefined when the contract has none. */
export function findCall(
  method: string,
  path: string,
): { call: Call; params: Record<string, string> } | undefined {
  // A fixed segment wins over a parameter (/api/tasks/reorder is not /api/tasks/:id).
  let found: { call: Call; params: Record<string, string> } | undefined;
  for (const { call, names, pattern } of matchers) {
    if (call.method !== method) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((name, at) => [name, decodeURIComponent(match[at + 1] ?? '')]),
    );
    if (!found || names.length < Object.keys(found.params).length) found = { call, params };
  }
  return found;
}
