/** Placeholder until the All Items screen (issue 4) lands; its owner replaces this file. */
export function AllItemsRoute() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="font-semibold text-2xl tracking-tight">All Items</h1>
    </section>
  );
}
