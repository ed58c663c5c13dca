import { PLANS, PRICING } from '@sheetforms/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MarketingOutletContext } from '../app/outlet-context';
import { PricingPage, shownPrice } from './pricing-page';

function renderPricing() {
  render(
    <MemoryRouter>
      <PricingPage />
    </MemoryRouter>,
  );
}

const price = (name: string) => screen.getByTestId(`plan-price-${name}`).textContent;
const billing = (name: string) => screen.getByTestId(`plan-billing-${name}`).textContent;

describe('PricingPage', () => {
  it('shows the three plans monthly, Pro marked Most Popular, and no saving', () => {
    renderPricing();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(['Free', 'Pro', 'Enterprise'].map(price)).toEqual(['$0', '$29', '$99']);
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(PRICING.save)).toBeNull();

    expect(within(screen.getByTestId('plan-Pro')).getByText(PRICING.mostPopular)).toBeDefined();
    expect(within(screen.getByTestId('plan-Free')).queryByText(PRICING.mostPopular)).toBeNull();
    expect(within(screen.getByTestId('plan-Enterprise')).queryByText(PRICING.mostPopular)).toBeNull();
  });

  it("yearly: 'Save 17%' and the yearly price per month, rounded", () => {
    renderPricing();
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));

    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Save 17%')).toBeDefined();
    // 290 / 12 = 24.17 and 990 / 12 = 82.5, rounded.
    expect(['Free', 'Pro', 'Enterprise'].map(price)).toEqual(['$0', '$24', '$83']);
    expect(['Free', 'Pro', 'Enterprise'].map(billing)).toEqual([
      'Free forever',
      '$290 billed yearly',
      '$990 billed yearly',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(price('Pro')).toBe('$29');
    expect(screen.queryByText('Save 17%')).toBeNull();
  });

  it("lists each plan's features, limitations and button from the contract", () => {
    renderPricing();
    for (const plan of PLANS) {
      const card = within(screen.getByTestId(`plan-${plan.name}`));
      expect(card.getByRole('heading', { name: plan.name })).toBeDefined();
      expect(card.getByText(plan.description)).toBeDefined();
      for (const feature of plan.features) expect(card.getByText(feature)).toBeDefined();
      for (const limitation of plan.limitations) expect(card.getByText(limitation)).toBeDefined();
      expect(card.getByRole('link', { name: plan.buttonText })).toBeDefined();
    }
    expect(shownPrice({ monthlyPrice: 10, yearlyPrice: 100 }, 'yearly')).toBe(8);
  });

  it('answers the four FAQ claims and offers live chat', () => {
    renderPricing();
    for (const claim of [
      /14-day free trial, and no credit card is required/,
      /30-day money-back guarantee/,
      /prorated/,
      /Cancel any time/,
    ]) {
      expect(screen.getByText(claim)).toBeDefined();
    }
    expect(screen.getByRole('link', { name: 'Chat with us' }).getAttribute('href')).toBe('/chat-support');
  });
});

function renderPricingInLayout(session: MarketingOutletContext) {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route element={<Outlet context={session} />}>
          <Route path="/pricing" element={<PricingPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** Clicks a link the way a browser would: returns whether the page let the navigation happen. */
function clickLink(name: string): boolean {
  return fireEvent.click(screen.getByRole('link', { name }));
}

describe('PricingPage plan buttons', () => {
  it("signed out: 'Start for free' and 'Start 14-day free trial' start the sign-in instead of leaving", () => {
    const signIn = vi.fn();
    renderPricingInLayout({ signIn, isSigningIn: false, account: null });

    for (const name of ['Start for free', 'Start 14-day free trial']) {
      const link = screen.getByRole('link', { name });
      // Without scripts it is still a link to the dashboard.
      expect(link.getAttribute('href')).toBe('/dashboard/forms');
      expect(clickLink(name)).toBe(false);
    }
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it('signed in: the buttons open the dashboard, with no new sign-in', () => {
    const signIn = vi.fn();
    renderPricingInLayout({ signIn, isSigningIn: false, account: { name: 'Ada', email: 'ada@example.com' } });

    expect(clickLink('Start for free')).toBe(true);
    expect(clickLink('Start 14-day free trial')).toBe(true);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('marks the buttons busy while the sign-in runs; Enterprise still leads to the contact page', () => {
    const signIn = vi.fn();
    renderPricingInLayout({ signIn, isSigningIn: true, account: null });

    expect(screen.getByRole('link', { name: 'Start for free' }).getAttribute('aria-busy')).toBe('true');
    const enterprise = within(screen.getByTestId('plan-Enterprise')).getByRole('link');
    expect(enterprise.getAttribute('href')).toBe('/contact');
    expect(enterprise.getAttribute('aria-busy')).toBeNull();
  });
});
