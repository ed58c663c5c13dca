/** Stand-in until the page lands in marketing/pages. */
export function HomeRoutePage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        An AI powered spreadsheet assistant
      </h1>
    </section>
  );
}
