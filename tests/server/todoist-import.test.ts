import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountImportResultSchema } from '#shared/api/account-data';
import { AuthUserSchema } from '#shared/api/auth';
import { GoalListSchema } from '#shared/api/goals';
import { TaskListSchema } from '#shared/api/tasks';
import { dayAt } from '#shared/domain/days';
import { convertTodoistFiles } from '#shared/domain/todoist-import';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A Todoist project comes in through the account import (docs/decisions/050-import-from-todoist.md):
 * the file the browser makes of it passes the import's rules on both engines, a second import adds
 * nothing, and the person's day settings stay as they were.
 */

const now = new Date('2026-11-29T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const PROJECT = [
  'TYPE,CONTENT,DESCRIPTION,IS_COLLAPSED,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
  'meta,view_style=list,,,,,,,,,,,,,',
  ',,,,,,,,,,,,,,',
  'task,Pack the bag @travel,"Passport, tickets",,1,1,Ana (1),,tomorrow at 7am,en,Asia/Tokyo,,,,',
  'task,Passport,,,4,2,Ana (1),,,,Asia/Tokyo,,,,',
  'task,Charger,,,4,3,Ana (1),,,,Asia/Tokyo,,,,',
  'note,The long cable,,,,,Ana (1),,2026-11-20T07:02:05.000000Z,,,,,,',
  'section,Every week,,False,,,,,,,,,,,',
  'task,Water the plants,,,3,1,Ana (1),,every monday,en,Asia/Tokyo,,,,',
].join('\r\n');

describe('a Todoist project imported through the account import', () => {
  it('brings the converted file in, adds nothing the second time, and changes no day setting', async () => {
    const signedIn = await loginAs(t.db, { email: uniqueEmail(), name: 'Ana Todoist', now });
    const client = new ApiClient(t.app, signedIn.headers);
    // Settings of the person's own, none of them the defaults: the import must leave each as it is.
    const before = await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', {
      timeZone: 'Asia/Tokyo',
      dayStartHour: 4,
    });
    expect(before).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneFromDevice: false, dayStartHour: 4 });

    const today = dayAt(now, before.timeZone, before.dayStartHour);
    const conversion = await convertTodoistFiles([{ name: 'Trip [2203306141].csv', text: PROJECT }], {
      today,
      timeZone: before.timeZone,
    });
    if (!conversion.ok) throw new Error(conversion.message);

    const first = await client.expect(
      200,
      AccountImportResultSchema,
      'POST',
      '/api/account/import',
      conversion.file,
    );
    expect(first).toEqual({
      added: { goals: 1, tasks: 2, habits: 0, completedDays: 0 },
      alreadyThere: { goals: 0, tasks: 0, habits: 0 },
      leftOut: { completedDays: 0 },
    });

    const again = await convertTodoistFiles([{ name: 'Trip [2203306141].csv', text: PROJECT }], {
      today,
      timeZone: before.timeZone,
    });
    if (!again.ok) throw new Error(again.message);
    const second = await client.expect(
      200,
      AccountImportResultSchema,
      'POST',
      '/api/account/import',
      again.file,
    );
    expect(second).toEqual({
      added: { goals: 0, tasks: 0, habits: 0, completedDays: 0 },
      alreadyThere: { goals: 1, tasks: 2, habits: 0 },
      leftOut: { completedDays: 0 },
    });

    const goals = await client.expect(200, GoalListSchema, 'GET', '/api/goals');
    expect(goals.map((goal) => goal.title)).toEqual(['Trip']);
    const tasks = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(
      tasks.map((task) => ({
        title: task.title,
        goalId: task.goalId,
        description: task.description,
        plannedFor: task.plannedFor,
        repeat: task.repeat,
        remindAt: task.remindAt,
        priority: task.priority,
        checklist: task.checklist.map((item) => [item.title, item.done]),
        labels: task.labels,
      })),
    ).toEqual([
      {
        title: 'Pack the bag',
        labels: ['travel'],
        goalId: goals[0]?.id,
        description: 'Passport, tickets\n\nCharger: The long cable',
        // Tokyo's 18:00 on 29 November, after its day began at 04:00: tomorrow is the 30th.
        plannedFor: '2026-11-30',
        repeat: null,
        remindAt: '07:00',
        priority: 3,
        checklist: [
          ['Passport', false],
          ['Charger', false],
        ],
      },
      {
        title: 'Water the plants',
        goalId: goals[0]?.id,
        description: null,
        plannedFor: '2026-11-30',
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        remindAt: null,
        priority: 1,
        checklist: [],
        labels: [],
      },
    ]);

    const after = await client.expect(200, AuthUserSchema, 'GET', '/api/auth/user');
    expect({
      timeZone: after.timeZone,
      timeZoneFromDevice: after.timeZoneFromDevice,
      dayStartHour: after.dayStartHour,
    }).toEqual({
      timeZone: 'Asia/Tokyo',
      timeZoneFromDevice: false,
      dayStartHour: 4,
    });
  });
});
