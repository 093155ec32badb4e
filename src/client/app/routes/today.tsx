/** Placeholder until the Today screen (issue 5) lands; its owner replaces this file. */
export function TodayRoute() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="font-semibold text-2xl tracking-tight">Today</h1>
    </section>
  );
}
