import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/*
 * The Lighthouse report's floor (bench/lighthouse-floor.ts): the least a React screen can do that
 * still does what Today does at first load. Loaded after the first paint (main.ts), it asks the
 * server for the rows named in the address (?rows=N) and draws them plainly: a checkbox, a title, a
 * line below, a button. No router, no data library, no drag and drop, no components library, no
 * styles beyond inline ones. What a screen of the app costs above this page is the app's own; this
 * page's cost is React's and the machine's.
 */

type Row = { id: number; title: string; detail: string };

function RowItem({ row }: { row: Row }) {
  const [done, setDone] = useState(false);
  return (
    <li
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        padding: 12,
        border: '1px solid #ddd',
        borderRadius: 12,
      }}
    >
      <input
        type="checkbox"
        checked={done}
        onChange={() => setDone(!done)}
        aria-label={`Done: ${row.title}`}
      />
      <div style={{ flex: 1 }}>
        <div style={{ fontWeight: 600 }}>{row.title}</div>
        <div style={{ fontSize: 14, color: '#555' }}>{row.detail}</div>
      </div>
      <button type="button" aria-label={`More for ${row.title}`}>
        ...
      </button>
    </li>
  );
}

function Screen() {
  const [rows, setRows] = useState<Row[] | undefined>();
  useEffect(() => {
    const count = new URLSearchParams(window.location.search).get('rows') ?? '0';
    fetch(`/rows?count=${encodeURIComponent(count)}`)
      .then((response) => response.json() as Promise<Row[]>)
      .then(setRows, () => setRows([]));
  }, []);
  return (
    <>
      <h1>Today</h1>
      {rows ? (
        <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
          {rows.map((row) => (
            <RowItem key={row.id} row={row} />
          ))}
        </ul>
      ) : (
        <p>Loading...</p>
      )}
    </>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Screen />);
