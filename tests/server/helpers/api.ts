import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type Goal, GoalSchema } from '#shared/api/goals';
import { type Habit, HabitSchema } from '#shared/api/habits';
import { type Task, TaskSchema } from '#shared/api/tasks';
import { goalInput, habitInput, taskInput } from '../../factories';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in client for one user: every call carries that user's cookie (and time zone). */
export class ApiClient {
  constructor(
    readonly app: FastifyInstance,
    readonly headers: Record<string, string>,
  ) {}

  call(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.app.inject({
      method,
      url,
      headers: { ...this.headers, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  /** Calls and checks the status, then parses the answer with the shared schema. */
  async expect<S extends z.ZodType>(
    status: number,
    schema: S,
    method: Method,
    url: string,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const res = await this.call(method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return schema.parse(res.json());
  }

  createGoal(overrides: Parameters<typeof goalInput>[0] = {}): Promise<Goal> {
    return this.expect(201, GoalSchema, 'POST', '/api/goals', goalInput(overrides));
  }

  createTask(overrides: Parameters<typeof taskInput>[0] = {}): Promise<Task> {
    return this.expect(201, TaskSchema, 'POST', '/api/tasks', taskInput(overrides));
  }

  createHabit(overrides: Parameters<typeof habitInput>[0] = {}): Promise<Habit> {
    return this.expect(201, HabitSchema, 'POST', '/api/habits', habitInput(overrides));
  }
}

/** The `{ message }` of an error answer. */
export function messageOf(res: LightMyRequestResponse): string {
  const body: unknown = res.json();
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  throw new Error(`no message in ${res.body}`);
}

/**
 * A read as two instances send it, each as kept and built afresh (`Cache-Control: no-cache`): all four
 * must agree (docs/decisions/013-api-cost.md, "Today's answer is kept"). Answers the one built afresh.
 */
export async function sameKeptAndFresh<S extends z.ZodType>(
  apps: [FastifyInstance, FastifyInstance],
  url: string,
  schema: S,
  headers: Record<string, string>,
): Promise<z.infer<S>> {
  const read = async (app: FastifyInstance, extra: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
    expect(res.statusCode, res.body).toBe(200);
    return schema.parse(res.json()) as z.infer<S>;
  };
  const noCache = { 'cache-control': 'no-cache' };
  const [here, there] = apps;
  const [kept, fresh, keptThere, freshThere] = await Promise.all([
    read(here),
    read(here, noCache),
    read(there),
    read(there, noCache),
  ]);
  expect(kept).toEqual(fresh);
  expect(keptThere).toEqual(fresh);
  expect(freshThere).toEqual(fresh);
  return fresh;
}
