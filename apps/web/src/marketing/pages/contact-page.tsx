import { Link } from 'react-router';
import { ChatIcon } from '@/components/ui/icons';
import { ContactForm } from '../components/contact-form';

/** /contact (spec 000 section 2): the contact form alone, with a word on what happens next. */
export function ContactPage() {
  return (
    <section className="bg-gradient-to-b from-emerald-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[2fr_3fr] lg:px-8">
        <div>
          <h1 className="text-balance font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl">
            Contact us
          </h1>
          <p className="mt-5 text-lg text-slate-600 leading-relaxed">
            Tell us what you are building or where you are stuck. We read every message and answer by email,
            usually within one business day.
          </p>
          <p className="mt-8 text-slate-700">
            Need an answer right now?{' '}
            <Link
              to="/chat-support"
              className="inline-flex items-center gap-1 rounded font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
            >
              <ChatIcon className="size-4" />
              Chat with our team
            </Link>
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 className="sr-only">Send us a message</h2>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
