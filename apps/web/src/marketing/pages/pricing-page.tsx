import { PLANS, type Plan, PRICING, yearlyPerMonth } from '@sheetforms/contract';
import { useId, useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChatIcon, CheckIcon, MinusIcon, StarIcon } from '@/components/ui/icons';
import type { MarketingOutletContext } from '../app/outlet-context';
import { primaryLinkClasses } from '../components/styles';

export type BillingPeriod = 'monthly' | 'yearly';

/** The figure a plan shows: its monthly price, or in yearly mode the yearly price per month, rounded. */
export function shownPrice(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>, period: BillingPeriod): number {
  return period === 'yearly' ? yearlyPerMonth(plan) : plan.monthlyPrice;
}

/**
 * Where each plan's button leads. There is no checkout: Free and Pro start in the dashboard (sign-in
 * first: signed out, the button starts the top bar's Google sign-in, which then opens the dashboard),
 * Enterprise talks to us.
 */
const PLAN_TARGETS: Record<Plan['name'], string> = {
  Free: '/dashboard/forms',
  Pro: '/dashboard/forms',
  Enterprise: '/contact',
};

function PlanCard({
  plan,
  period,
  session,
}: {
  plan: Plan;
  period: BillingPeriod;
  session: MarketingOutletContext | undefined;
}) {
  const titleId = useId();
  const price = shownPrice(plan, period);
  const target = PLAN_TARGETS[plan.name];
  const action = plan.popular
    ? primaryLinkClasses('lg', 'w-full')
    : buttonClasses('secondary', 'lg', 'w-full');
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-${plan.name}`}
      className={cn(
        'relative flex flex-col rounded-3xl bg-white p-6 shadow-sm sm:p-8',
        plan.popular
          ? 'border-2 border-emerald-600 shadow-emerald-900/10 shadow-xl'
          : 'border border-slate-200',
      )}
    >
      {plan.popular ? (
        <p className="-top-3.5 -translate-x-1/2 absolute left-1/2 inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-emerald-700 px-3 py-1 font-semibold text-white text-xs shadow">
          <StarIcon className="size-3.5" fill="currentColor" />
          {PRICING.mostPopular}
        </p>
      ) : null}
      <h2 id={titleId} className="font-semibold text-slate-900 text-xl">
        {plan.name}
      </h2>
      <p className="mt-2 text-slate-600 text-sm">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span
          data-testid={`plan-price-${plan.name}`}
          className="font-extrabold text-5xl text-slate-900 tracking-tight"
        >
          ${price}
        </span>
        <span className="font-medium text-slate-600">/month</span>
      </p>
      <p data-testid={`plan-billing-${plan.name}`} className="mt-1 min-h-5 text-slate-600 text-sm">
        {plan.monthlyPrice === 0
          ? 'Free forever'
          : period === 'yearly'
            ? `$${plan.yearlyPrice} billed yearly`
            : 'Billed monthly'}
      </p>
      {target.startsWith('/dashboard') ? (
        // The dashboard is another app: a full page load. The link stays a link (the prerendered page and
        // the hydrated one agree, and it works before the scripts run); signed out, the click signs in
        // first, since the dashboard would only send the visitor back here.
        <a
          href={target}
          className={cn(action, 'mt-6')}
          onClick={(event) => {
            if (!session || session.account) return;
            event.preventDefault();
            session.signIn();
          }}
          aria-busy={session?.isSigningIn || undefined}
        >
          {plan.buttonText}
        </a>
      ) : (
        <Link to={target} className={cn(action, 'mt-6')}>
          {plan.buttonText}
        </Link>
      )}
      <ul className="mt-8 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-slate-700">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-700" strokeWidth={2.5} />
            {feature}
          </li>
        ))}
        {plan.limitations.map((limitation) => (
          <li key={limitation} className="flex items-start gap-3 text-slate-600">
            <MinusIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span>
              <span className="sr-only">Not included: </span>
              {limitation}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** One of the two buttons of the billing switch. */
function PeriodButton({
  period,
  current,
  onSelect,
  children,
}: {
  period: BillingPeriod;
  current: BillingPeriod;
  onSelect: (period: BillingPeriod) => void;
  children: string;
}) {
  const selected = period === current;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(period)}
      className={cn(
        'min-h-10 rounded-full px-5 font-semibold text-sm transition-colors focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2',
        selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}

/**
 * /pricing (spec 000 sections 2 and 9): the monthly/yearly switch, the three plans of the contract (Pro
 * marked Most Popular; yearly mode says 'Save 17%' and shows the per-month figure rounded), the FAQ and
 * the way to live chat.
 */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const ids = useId();
  // Undefined when the page is rendered outside the public layout (its tests).
  const session = useOutletContext<MarketingOutletContext | undefined>();

  return (
    <>
      <section className="bg-gradient-to-b from-emerald-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h1 className="text-balance font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl">
              Simple pricing for every sheet
            </h1>
            <p className="mt-5 text-lg text-slate-600 leading-relaxed">
              Start free, upgrade when your forms get busy. Every paid plan begins with a 14-day free trial.
            </p>
          </div>

          <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
            <fieldset className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset">
              <legend className="sr-only">Billing period</legend>
              <PeriodButton period="monthly" current={period} onSelect={setPeriod}>
                {PRICING.monthly}
              </PeriodButton>
              <PeriodButton period="yearly" current={period} onSelect={setPeriod}>
                {PRICING.yearly}
              </PeriodButton>
            </fieldset>
            <p aria-live="polite" className="min-w-20 text-left">
              {period === 'yearly' ? (
                <span
                  data-testid="pricing-save"
                  className="inline-flex rounded-full bg-emerald-100 px-3 py-1 font-semibold text-emerald-900 text-sm"
                >
                  {PRICING.save}
                </span>
              ) : null}
            </p>
          </div>

          <div className="mt-12 grid items-start gap-8 lg:grid-cols-3">
            {PLANS.map((plan) => (
              <PlanCard key={plan.name} plan={plan} period={period} session={session} />
            ))}
          </div>
        </div>
      </section>

      <section
        aria-labelledby={`${ids}-faq`}
        className="border-slate-100 border-t bg-slate-50 py-16 md:py-24"
      >
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <h2
            id={`${ids}-faq`}
            className="text-center font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            Frequently asked questions
          </h2>
          <dl className="mt-10 grid gap-5 sm:grid-cols-2">
            {PRICING.faq.map((item) => (
              <div key={item.question} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <dt className="font-semibold text-slate-900">{item.question}</dt>
                <dd className="mt-2 text-slate-600 text-sm leading-relaxed">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby={`${ids}-cta`} className="bg-white py-16 md:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
            <div>
              <h2 id={`${ids}-cta`} className="font-bold text-2xl tracking-tight">
                Not sure which plan fits?
              </h2>
              <p className="mt-2 text-slate-200">Ask a person from our team: we answer in the live chat.</p>
            </div>
            <Link
              to="/chat-support"
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-white px-5 font-semibold text-slate-900 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-white focus-visible:outline-offset-2"
            >
              <ChatIcon className="size-4" />
              Chat with us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
