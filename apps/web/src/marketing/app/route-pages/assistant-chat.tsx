/** Stand-in until the page lands in marketing/pages. */
export function AssistantChatRoutePage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        Spreadsheet assistant
      </h1>
    </section>
  );
}
