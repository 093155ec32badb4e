import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  type AccountImportResult,
  AccountImportResultSchema,
  AccountImportSchema,
} from '#shared/api/account-data';
import { installFakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { YourDataCard } from './your-data-card';

// docs/product.md#your-data: "Import from Todoist".

const TODOIST_CSV = [
  'TYPE,CONTENT,DESCRIPTION,IS_COLLAPSED,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
  'meta,view_style=list,,,,,,,,,,,,,',
  'task,Pack the bag,"Passport, tickets",,1,1,Ana (1),,2027-03-01,en,Europe/Paris,,,,',
  'task,Passport,,,4,2,Ana (1),,,,Europe/Paris,,,,',
  ',,,,,,,,,,,,,,',
  'task,Water the plants,,,4,1,Ana (1),,jeden Tag,de,Europe/Paris,,,,',
].join('\r\n');

const RESULT: AccountImportResult = {
  added: { goals: 1, tasks: 2, habits: 0, completedDays: 0 },
  alreadyThere: { goals: 0, tasks: 0, habits: 0 },
  leftOut: { completedDays: 0 },
};

/**
 * The browser's XMLHttpRequest, which the import's upload uses for its progress, answering as the
 * server would: it takes only a body the import's schema accepts, and answers the result's shape.
 */
function fakeImportServer() {
  const bodies: unknown[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    private listeners = new Map<string, () => void>();
    private target = '';
    readonly upload = { addEventListener: () => undefined };
    open(method: string, path: string) {
      this.target = `${method} ${path}`;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    send(body: string) {
      const file: unknown = JSON.parse(body);
      bodies.push(file);
      const accepted =
        this.target === 'POST /api/account/import' && AccountImportSchema.safeParse(file).success;
      this.status = accepted ? 200 : 400;
      this.responseText = JSON.stringify(
        accepted ? AccountImportResultSchema.parse(RESULT) : { message: 'Refused' },
      );
      setTimeout(() => this.listeners.get('load')?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return bodies;
}

const csvFile = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('YourDataCard: Import from Todoist', () => {
  it('reads the chosen CSV, says what will come in, and on Import sends it as a Stride export', async () => {
    installFakeApi();
    const bodies = fakeImportServer();
    const { user } = renderWithProviders(<YourDataCard timeZone="Europe/Paris" />);

    await user.upload(screen.getByLabelText('Todoist CSV files to import'), csvFile('Trip.csv', TODOIST_CSV));
    const dialog = await screen.findByRole('dialog', { name: 'Import from Todoist?' });
    expect(dialog).toHaveAccessibleDescription(
      '1 project, 2 tasks, 1 checklist item. 1 date could not be read: that task comes without a date.',
    );
    expect(dialog).toHaveTextContent('From “Trip.csv”.');
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    const sent = AccountImportSchema.parse(bodies[0]);
    expect(sent.settings).toBeUndefined();
    expect(sent.goals.map((goal) => goal.title)).toEqual(['Trip']);
    expect(
      sent.tasks.map((task) => ({
        title: task.title,
        description: task.description,
        plannedFor: task.plannedFor,
        priority: task.priority,
        checklist: task.checklist.map((item) => item.title),
      })),
    ).toEqual([
      {
        title: 'Pack the bag',
        description: 'Passport, tickets',
        plannedFor: '2027-03-01',
        priority: 3,
        checklist: ['Passport'],
      },
      { title: 'Water the plants', description: null, plannedFor: null, priority: 0, checklist: [] },
    ]);
  });

  it('sends nothing when the person cancels', async () => {
    installFakeApi();
    const bodies = fakeImportServer();
    const { user } = renderWithProviders(<YourDataCard timeZone="Europe/Paris" />);
    await user.upload(screen.getByLabelText('Todoist CSV files to import'), csvFile('Trip.csv', TODOIST_CSV));
    const dialog = await screen.findByRole('dialog', { name: 'Import from Todoist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Import from Todoist' })).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('refuses a file that is not a Todoist export, naming it, and sends nothing', async () => {
    installFakeApi();
    const bodies = fakeImportServer();
    const { user } = renderWithProviders(<YourDataCard timeZone="Europe/Paris" />);
    await user.upload(screen.getByLabelText('Todoist CSV files to import'), [
      csvFile('Trip.csv', TODOIST_CSV),
      csvFile('groceries.csv', 'Item,Amount\nMilk,2'),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not import that file');
    expect(alert).toHaveTextContent('“groceries.csv” is not a Todoist export');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('says so when the page is not secure, where the browser gives no Web Crypto to make the ids', async () => {
    installFakeApi();
    const bodies = fakeImportServer();
    vi.stubGlobal('crypto', {});
    const { user } = renderWithProviders(<YourDataCard timeZone="Europe/Paris" />);
    await user.upload(screen.getByLabelText('Todoist CSV files to import'), csvFile('Trip.csv', TODOIST_CSV));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reading Todoist files needs Stride opened over a secure connection',
    );
    expect(bodies).toEqual([]);
  });
});
