import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeEntitlements, plans } from '../../../contracts/premium.ts';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const user = { ...authFixtures.user, emailVerified: true, role: 'user', twoFactorEnabled: false };
const session = (role = 'user') => ({
  user: { ...user, role },
  session: { id: 's_here', token: 'token-here', expiresAt: '2027-06-01T09:00:00.000Z' },
});
const freePlan = {
  plan: 'free',
  active: false,
  until: null,
  source: null,
  status: null,
  entitlements: plans.free,
  checkoutAvailable: false,
  portalAvailable: false,
};
const premiumPlan = {
  ...freePlan,
  plan: 'premium',
  active: true,
  source: 'admin',
  status: 'active',
  entitlements: plans.premium,
};

function renderSettings(
  subscription: StubRoute | object,
  {
    path = '/settings',
    role = 'user',
    routes = {},
  }: { path?: string; role?: string; routes?: Record<string, StubRoute | object> } = {},
) {
  const stub = stubApi({
    ...authDefaults,
    'GET /api/auth/get-session': session(role),
    'GET /api/auth/list-sessions': [],
    'GET /api/auth/list-accounts': [],
    'GET /api/billing/subscription': subscription,
    ...routes,
  });
  signIn({ uid: user.id, name: user.name, email: user.email });
  renderWithProviders(<SettingsPage />, { path });
  return stub;
}

const premium = () => screen.findByRole('region', { name: 'Premium' });

describe('the Premium section of settings', () => {
  it('shows the free plan, what premium includes from the entitlement table, and who grants it without Stripe', async () => {
    renderSettings(freePlan);
    const section = await premium();
    expect(await within(section).findByText('You are on the free plan.')).toBeVisible();
    for (const line of describeEntitlements(plans.premium))
      expect(within(section).getByText(line)).toBeVisible();
    expect(within(section).getByText(/stay free for everyone/)).toBeVisible();
    expect(within(section).getByText(/an administrator grants premium/)).toBeVisible();
    expect(within(section).getByRole('link', { name: 'customer support' })).toHaveAttribute(
      'href',
      '/about/customer-support',
    );
    expect(within(section).queryByRole('button', { name: /upgrade/i })).not.toBeInTheDocument();
  });

  it('sends the browser to Stripe Checkout from "Upgrade to premium" when this server takes payments', async () => {
    const u = userEvent.setup();
    // A same-document address (only the hash differs) is a navigation jsdom can carry out.
    const checkoutUrl = `${window.location.origin}${window.location.pathname}#stripe-checkout`;
    const { requests } = renderSettings(
      { ...freePlan, checkoutAvailable: true },
      { routes: { 'POST /api/billing/checkout': { url: checkoutUrl } } },
    );
    const section = await premium();
    await u.click(await within(section).findByRole('button', { name: 'Upgrade to premium' }));
    await waitFor(() => expect(window.location.hash).toBe('#stripe-checkout'));
    expect(requests('POST /api/billing/checkout')).toHaveLength(1);
    window.location.hash = '';
  });

  it('says what went wrong when checkout cannot start, and lets the person try again', async () => {
    const u = userEvent.setup();
    renderSettings(
      { ...freePlan, checkoutAvailable: true },
      {
        routes: {
          'POST /api/billing/checkout': () =>
            errorResponse(502, 'billing/provider-unavailable', 'The payment service did not answer.'),
        },
      },
    );
    const section = await premium();
    const upgrade = await within(section).findByRole('button', { name: 'Upgrade to premium' });
    await u.click(upgrade);
    expect(await within(section).findByText('The payment service did not answer.')).toBeVisible();
    expect(upgrade).toBeEnabled();
  });

  it('shows premium granted until a date, and a Stripe subscription with its billing portal', async () => {
    renderSettings({ ...premiumPlan, until: '2027-03-12T12:00:00.000Z' });
    const section = await premium();
    expect(await within(section).findByText(/You have premium until/)).toHaveTextContent('2027');
    expect(within(section).queryByRole('button', { name: /manage/i })).not.toBeInTheDocument();
  });

  it('offers Stripe’s billing portal to a Stripe subscriber', async () => {
    renderSettings({
      ...premiumPlan,
      source: 'stripe',
      until: '2027-03-12T12:00:00.000Z',
      checkoutAvailable: true,
      portalAvailable: true,
    });
    const section = await premium();
    expect(await within(section).findByText(/renews unless you cancel/)).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Manage your subscription' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: /upgrade/i })).not.toBeInTheDocument();
  });

  it('sends a subscriber whose payment failed to the billing portal, not to a second checkout', async () => {
    const u = userEvent.setup();
    const portalUrl = `${window.location.origin}${window.location.pathname}#stripe-portal`;
    const { requests } = renderSettings(
      {
        ...freePlan,
        source: 'stripe',
        status: 'past_due',
        until: '2027-03-12T12:00:00.000Z',
        checkoutAvailable: true,
        portalAvailable: true,
      },
      { routes: { 'POST /api/billing/portal': { url: portalUrl } } },
    );
    const section = await premium();
    expect(await within(section).findByText(/the last payment did not go through/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: /upgrade/i })).not.toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: 'Manage your subscription' }));
    await waitFor(() => expect(window.location.hash).toBe('#stripe-portal'));
    expect(requests('POST /api/billing/portal')).toHaveLength(1);
    window.location.hash = '';
  });

  it('back from checkout, waits for Stripe’s confirmation and then says premium is active', async () => {
    let asked = 0;
    renderSettings(
      () => {
        asked++;
        return jsonResponse(200, asked < 2 ? { ...freePlan, checkoutAvailable: true } : premiumPlan);
      },
      { path: '/settings?billing=success' },
    );
    const section = await premium();
    expect(await within(section).findByText(/as soon as Stripe confirms your payment/)).toBeVisible();
    expect(
      await within(section).findByText(
        'Thank you! Premium is active on your account.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(asked).toBe(2);
  });

  it('links administrators, and only them, to the administration page', async () => {
    renderSettings(freePlan, { role: 'admin' });
    expect(await screen.findByRole('link', { name: 'open the administration page' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('shows no administration link to others', async () => {
    renderSettings(freePlan);
    await premium();
    expect(screen.queryByRole('link', { name: /administration/i })).not.toBeInTheDocument();
  });
});
