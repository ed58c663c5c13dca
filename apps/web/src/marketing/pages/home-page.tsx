import { ASSISTANT } from '@sheetforms/contract';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckCircleIcon, CheckIcon, ErrorIcon, ExternalLinkIcon, SheetIcon } from '@/components/ui/icons';
import { useQuestions } from '../api/use-questions';
import { answerFor } from '../components/assistant-answer';
import { type ChatSeed, chatHref, chatState } from '../components/chat-seed';
import { ContactForm } from '../components/contact-form';
import { FEATURES, HOME_FAQ, TLDR } from '../components/home-content';
import { QuestionBox } from '../components/question-box';
import { QuestionChips } from '../components/question-chips';

const FEATURE_ICONS = [SheetIcon, ExternalLinkIcon, CheckCircleIcon] as const;

/**
 * Home (spec 000 section 2): the assistant hero (question box with suggestions, 'Try this questions'
 * chips; sending opens /chat with the question and its matched answer), three feature blurbs, six FAQ
 * cards, the TL;DR block and the contact form.
 */
export function HomePage() {
  const feed = useQuestions();
  const navigate = useNavigate();
  const ids = useId();

  const ask = (question: string) => {
    // Before the feed arrives /chat matches the question itself.
    const match = feed.status === 'ready' ? answerFor(question, feed.rows) : undefined;
    const seed: ChatSeed = match
      ? { question, answer: match.text, ...(match.row ? { row: match.row } : {}) }
      : { question };
    void navigate(chatHref(question), { state: chatState(seed) });
  };

  return (
    <>
      <section
        aria-labelledby={`${ids}-hero`}
        className="relative bg-gradient-to-b from-emerald-50 via-white to-white"
      >
        {/* The glow is clipped in its own box, so the suggestion list may reach past the hero. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
          <div className="-top-40 -translate-x-1/2 absolute left-1/2 size-[40rem] max-w-[200vw] rounded-full bg-emerald-200/40 blur-3xl" />
        </div>
        <div className="relative mx-auto max-w-3xl px-4 pt-14 pb-16 text-center sm:px-6 sm:pt-20 md:pb-24">
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1 font-medium text-emerald-800 text-sm shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            Google Sheets → web forms
          </p>
          <h1
            id={`${ids}-hero`}
            className="mt-6 text-balance font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl lg:text-6xl"
          >
            {ASSISTANT.heroTitle}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 leading-relaxed">
            Ask how to turn your spreadsheet into a form, share it, or get every response back into your
            sheet. Pick a suggestion or type your own question.
          </p>

          <div className="mt-10 rounded-2xl border border-slate-200 bg-white/90 p-4 text-left shadow-emerald-900/5 shadow-xl backdrop-blur sm:p-6">
            <QuestionBox rows={feed.rows} onSend={ask} />
            {feed.error ? (
              <p role="alert" className="mt-3 flex items-center gap-2 font-medium text-red-700 text-sm">
                <ErrorIcon className="size-4 shrink-0" />
                {feed.error}
              </p>
            ) : null}
            <QuestionChips
              rows={feed.rows}
              loading={feed.status === 'loading'}
              onPick={ask}
              className="mt-5 border-slate-100 border-t pt-5"
            />
          </div>
        </div>
      </section>

      <section
        aria-labelledby={`${ids}-features`}
        className="border-slate-100 border-t bg-white py-16 md:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2
            id={`${ids}-features`}
            className="text-center font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            From spreadsheet to live form in minutes
          </h2>
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {FEATURES.map((feature, index) => {
              const Icon = FEATURE_ICONS[index] ?? SheetIcon;
              return (
                <article
                  key={feature.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-11 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800"
                  >
                    <Icon className="size-6" />
                  </span>
                  <h3 className="mt-4 font-semibold text-lg text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-slate-600 leading-relaxed">{feature.body}</p>
                </article>
              );
            })}
          </div>
        </div>
      </section>

      <section aria-labelledby={`${ids}-faq`} className="bg-slate-50 py-16 md:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2
            id={`${ids}-faq`}
            className="text-center font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            Frequently asked questions
          </h2>
          <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {HOME_FAQ.map((item) => (
              <article
                key={item.question}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 className="font-semibold text-slate-900">{item.question}</h3>
                <p className="mt-2 text-slate-600 text-sm leading-relaxed">{item.answer}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby={`${ids}-tldr`} className="bg-white py-16 md:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <div className="rounded-3xl bg-slate-900 px-6 py-10 text-white shadow-xl sm:px-10">
            <h2 id={`${ids}-tldr`} className="font-bold text-2xl tracking-tight sm:text-3xl">
              {TLDR.title}
            </h2>
            <ul className="mt-6 space-y-3">
              {TLDR.points.map((point) => (
                <li key={point} className="flex items-start gap-3 text-slate-100">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-300" strokeWidth={2.5} />
                  {point}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/pricing"
                className="inline-flex min-h-11 items-center rounded-lg bg-white px-5 font-semibold text-slate-900 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-white focus-visible:outline-offset-2"
              >
                See pricing
              </Link>
              <Link
                to="/chat-support"
                className="inline-flex min-h-11 items-center rounded-lg px-5 font-semibold text-sm text-white ring-1 ring-white/40 ring-inset hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white focus-visible:outline-offset-2"
              >
                Chat with our team
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section
        aria-labelledby={`${ids}-contact`}
        className="border-slate-100 border-t bg-slate-50 py-16 md:py-24"
      >
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
          <div>
            <h2
              id={`${ids}-contact`}
              className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
            >
              Contact us
            </h2>
            <p className="mt-4 text-slate-600 leading-relaxed">
              Questions about plans, a form that needs a hand, or an idea for us? Write to us and we will
              answer by email.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}
