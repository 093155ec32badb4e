import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LabelUse } from '#shared/api/labels';
import { LABEL_WORD_MESSAGE } from '#shared/domain/labels';
import { resetConnectivity } from '../../../lib/connectivity';
import { deferred, installFakeApi, on, type Reply } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { LabelsCard } from './labels-card';

// docs/product.md#account-settings: the Labels card.

/** The server's labels, renamed and removed as the real one does, answering the contract's shapes. */
function fakeLabels(
  start: LabelUse[],
  renameReply?: (to: string) => Reply | undefined | Promise<Reply | undefined>,
) {
  let labels = [...start];
  const pathLabel = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');
  return installFakeApi(
    on('GET', '/api/labels', () => ({ body: labels })),
    on('PATCH', /^\/api\/labels\//, async (request) => {
      const from = pathLabel(request.path);
      const to = (request.body as { label: string }).label;
      const refusal = await renameReply?.(to);
      if (refusal) return refusal;
      const moved = labels.find((use) => use.label === from);
      if (!moved) return { status: 404, body: { message: 'Label not found' } };
      const into = labels.find((use) => use.label.toLowerCase() === to.toLowerCase() && use !== moved);
      labels = labels
        .filter((use) => use !== moved && use !== into)
        .concat({ label: into?.label ?? to, tasks: moved.tasks + (into?.tasks ?? 0) })
        .sort((a, b) => a.label.localeCompare(b.label));
      return { body: labels };
    }),
    on('DELETE', /^\/api\/labels\//, (request) => {
      labels = labels.filter((use) => use.label !== pathLabel(request.path));
      return { status: 204 };
    }),
  );
}

const writesOf = (api: ReturnType<typeof installFakeApi>) =>
  api.writes().map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`);

describe('LabelsCard', () => {
  it('lists each label with its count, Rename and Remove, and isolates each label', async () => {
    fakeLabels([
      { label: 'errands', tasks: 5 },
      { label: 'calls', tasks: 1 },
      { label: 'مشتريات', tasks: 2 },
    ]);
    renderWithProviders(<LabelsCard />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '@errands5 tasksRenameRemove',
      '@calls1 taskRenameRemove',
      '@مشتريات2 tasksRenameRemove',
    ]);
    expect(screen.getByRole('button', { name: 'Rename label “errands”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove label “calls”' })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('مشتريات').tagName).toBe('BDI');
  });

  it('with no labels, says how to add one', async () => {
    fakeLabels([]);
    renderWithProviders(<LabelsCard />);
    expect(
      await screen.findByText(
        'No labels yet. Type @ and a word in quick add, like “Buy milk @errands”, or use a task’s Labels field.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
  });

  it('says when the labels could not be loaded, with Try again', async () => {
    let fail = true;
    installFakeApi(
      on('GET', '/api/labels', () =>
        fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [] },
      ),
    );
    const { user } = renderWithProviders(<LabelsCard />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your labels. Something went wrong on our side.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^No labels yet/)).toBeInTheDocument();
  });

  it('renames a label on Enter, showing it pending, then says so and refreshes every list', async () => {
    const answer = deferred<undefined>();
    const api = fakeLabels([{ label: 'errands', tasks: 5 }], () => answer.promise);
    const { user, client } = renderWithProviders(<LabelsCard />);
    client.setQueryData(['api', 'today'], { items: [] });

    await user.click(await screen.findByRole('button', { name: 'Rename label “errands”' }));
    const field = screen.getByLabelText('New name for “errands”');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('errands');
    expect(field).toHaveAccessibleDescription('If that label exists, the two become one.');
    await user.clear(field);
    await user.type(field, '@shopping{Enter}');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(writesOf(api)).toEqual(['PATCH /api/labels/errands {"label":"shopping"}']);
    answer.resolve(undefined);

    expect(await screen.findByText('Label renamed')).toBeInTheDocument();
    expect(screen.getByText('“errands” is now “shopping” on 5 tasks.')).toBeInTheDocument();
    const renamed = await screen.findByRole('button', { name: 'Rename label “shopping”' });
    await waitFor(() => expect(renamed).toHaveFocus());
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(client.getQueryState(['api', 'today'])?.isInvalidated).toBe(true);
  });

  it('renaming onto an existing label makes them one, and says so', async () => {
    fakeLabels([
      { label: 'errands', tasks: 5 },
      { label: 'shopping', tasks: 2 },
    ]);
    const { user } = renderWithProviders(<LabelsCard />);
    await user.click(await screen.findByRole('button', { name: 'Rename label “errands”' }));
    const field = screen.getByLabelText('New name for “errands”');
    await user.clear(field);
    await user.type(field, 'Shopping{Enter}');
    expect(
      await screen.findByText('“errands” and “shopping” are one label now, on 7 tasks.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Rename label “shopping”' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Rename label “errands”' })).not.toBeInTheDocument(),
    );
  });

  it('checks the label rule before sending, and shows the server’s refusal under the field', async () => {
    const api = fakeLabels([{ label: 'errands', tasks: 5 }], () => ({
      status: 400,
      body: { message: 'A task holds at most 10 labels' },
    }));
    const { user } = renderWithProviders(<LabelsCard />);
    await user.click(await screen.findByRole('button', { name: 'Rename label “errands”' }));
    const field = screen.getByLabelText('New name for “errands”');

    await user.clear(field);
    await user.type(field, 'two words{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(LABEL_WORD_MESSAGE);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      `${LABEL_WORD_MESSAGE} If that label exists, the two become one.`,
    );
    expect(api.writes()).toEqual([]);

    await user.clear(field);
    await user.type(field, 'calls{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('A task holds at most 10 labels'),
    );
    expect(field).toHaveFocus();
    expect(field).toHaveValue('calls');
    expect(writesOf(api)).toEqual(['PATCH /api/labels/errands {"label":"calls"}']);
  });

  it('a label gone elsewhere meanwhile: a toast says so, its row leaves the list, focus waits on the card', async () => {
    let labels: LabelUse[] = [
      { label: 'errands', tasks: 5 },
      { label: 'calls', tasks: 1 },
    ];
    installFakeApi(
      on('GET', '/api/labels', () => ({ body: labels })),
      on('PATCH', /^\/api\/labels\//, () => {
        // Another device removed it just before.
        labels = labels.filter((use) => use.label !== 'errands');
        return { status: 404, body: { message: 'Label not found' } };
      }),
    );
    const { user } = renderWithProviders(<LabelsCard />);
    await user.click(await screen.findByRole('button', { name: 'Rename label “errands”' }));
    await user.type(screen.getByLabelText('New name for “errands”'), 's{Enter}');
    expect(await screen.findByText('“errands” was removed or renamed elsewhere.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('@calls');
    expect(screen.getByRole('heading', { name: 'Labels' })).toHaveFocus();
  });

  it('Escape puts the row back without sending and focus on its Rename button', async () => {
    const api = fakeLabels([{ label: 'errands', tasks: 5 }]);
    const { user } = renderWithProviders(<LabelsCard />);
    const rename = await screen.findByRole('button', { name: 'Rename label “errands”' });
    await user.click(rename);
    await user.type(screen.getByLabelText('New name for “errands”'), 'x{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename label “errands”' })).toHaveFocus());
    expect(api.writes()).toEqual([]);
  });

  it('removes a label once confirmed; Cancel sends nothing', async () => {
    const api = fakeLabels([
      { label: 'calls', tasks: 1 },
      { label: 'errands', tasks: 5 },
    ]);
    const { user, client } = renderWithProviders(<LabelsCard />);
    client.setQueryData(['api', 'tasks'], []);

    await user.click(await screen.findByRole('button', { name: 'Remove label “errands”' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Remove “errands” from 5 tasks?');
    expect(dialog).toHaveAccessibleDescription('The tasks stay; only the label comes off them.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove label “errands”' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove label' }));
    expect(await screen.findByText('Label removed')).toBeInTheDocument();
    expect(screen.getByText('No task carries “errands” now; the tasks stay.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('errands')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Labels' })).toHaveFocus());
    expect(writesOf(api)).toEqual(['DELETE /api/labels/errands null']);
    expect(client.getQueryState(['api', 'tasks'])?.isInvalidated).toBe(true);
  });

  it('says in the dialog when the server refuses a removal', async () => {
    installFakeApi(
      on('GET', '/api/labels', () => ({ body: [{ label: 'errands', tasks: 5 }] })),
      on('DELETE', '/api/labels/errands', () => ({
        status: 500,
        body: { message: 'Internal Server Error' },
      })),
    );
    const { user } = renderWithProviders(<LabelsCard />);
    await user.click(await screen.findByRole('button', { name: 'Remove label “errands”' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove label' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not remove the label');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
  });

  it('offline, says why Rename and Remove cannot work instead of starting them', async () => {
    const api = fakeLabels([{ label: 'errands', tasks: 5 }]);
    const { user } = renderWithProviders(<LabelsCard />);
    const rename = await screen.findByRole('button', { name: 'Rename label “errands”' });
    act(() => resetConnectivity('offline'));

    const why =
      "You're offline. Renaming or removing a label needs a connection: try again when you're back online.";
    expect(rename).toHaveAccessibleDescription(why);
    await user.click(rename);
    expect(await screen.findByText('Renaming a label needs a connection')).toBeInTheDocument();
    expect(screen.getByText("You're offline. Try again when you're back online.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove label “errands”' }));
    expect(await screen.findByText('Removing a label needs a connection')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });
});
