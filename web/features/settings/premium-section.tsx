import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { describeEntitlements, plans } from '../../../contracts/premium.ts';
import type { SubscriptionStatus } from '../../../contracts/premium.ts';
import { TextLink } from '../../components/text-link.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import { openBillingPortal, startCheckout, subscriptionQuery } from './api.ts';
import { ErrorNotice, SettingsSection, StatusNotice } from './section.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** After Stripe's checkout, how long to keep asking whether its confirmation has reached us. */
const confirmationPollMs = 2000;
const confirmationPolls = 30;

/** Stripe statuses in which the subscription still exists but a payment is missing. */
const unpaidStatuses = new Set(['past_due', 'unpaid', 'incomplete']);

function planSentence(status: SubscriptionStatus): string {
  if (!status.active && status.source === 'stripe' && unpaidStatuses.has(status.status ?? '')) {
    return 'Your premium is paused: the last payment did not go through. Update your card to continue.';
  }
  if (!status.active) return 'You are on the free plan.';
  if (!status.until) return 'You have premium, with no end date.';
  const date = dateFormat.format(new Date(status.until));
  return status.source === 'stripe'
    ? `You have premium. Your current period ends on ${date}; it renews unless you cancel.`
    : `You have premium until ${date}.`;
}

/**
 * The plan: what premium includes (from the entitlement table), when it ends, and the way to get it — Stripe
 * Checkout when this server takes payments, an administrator otherwise.
 */
export function PremiumSection() {
  const [searchParams] = useSearchParams();
  const billing = searchParams.get('billing');
  const subscription = useQuery({
    ...subscriptionQuery,
    // Back from Stripe: the payment is done, but its confirmation reaches us by webhook a moment later. Asked
    // again every two seconds, for a minute at most.
    refetchInterval: (query) =>
      billing === 'success' &&
      query.state.data?.active === false &&
      query.state.dataUpdateCount < confirmationPolls
        ? confirmationPollMs
        : false,
  });
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const go = async (start: () => Promise<{ url: string }>) => {
    setFailure(null);
    setRedirecting(true);
    try {
      const { url } = await start();
      // Stripe's own page; it sends the browser back to /settings when the person is done.
      window.location.assign(url);
    } catch (error) {
      setFailure(errorSentence(error));
      setRedirecting(false);
    }
  };

  return (
    <SettingsSection title="Premium">
      {billing === 'success' && subscription.data?.active === false ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Thank you for subscribing. Premium starts as soon as Stripe confirms your payment; this page updates
          by itself.
        </Alert>
      ) : null}
      {billing === 'cancelled' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You left the checkout before paying; nothing was charged.
        </Alert>
      ) : null}
      {subscription.isPending ? (
        <CircularProgress size={28} aria-label="Loading your plan" />
      ) : subscription.isError ? (
        <QueryError error={subscription.error} onRetry={() => void subscription.refetch()} />
      ) : (
        <PlanDetails
          status={subscription.data}
          redirecting={redirecting}
          onUpgrade={() => void go(startCheckout)}
          onManage={() => void go(openBillingPortal)}
        />
      )}
      <StatusNotice>
        {billing === 'success' && subscription.data?.active
          ? 'Thank you! Premium is active on your account.'
          : null}
      </StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}

function PlanDetails({
  status,
  redirecting,
  onUpgrade,
  onManage,
}: {
  status: SubscriptionStatus;
  redirecting: boolean;
  onUpgrade: () => void;
  onManage: () => void;
}) {
  return (
    <>
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        {status.active ? <StarIcon color="primary" fontSize="small" aria-hidden="true" /> : null}
        {planSentence(status)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 2 }}>
        Premium includes
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 1.5, pl: 3 }}>
        {describeEntitlements(plans.premium).map((line) => (
          <li key={line}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Studying, building and sharing cards, following people and chatting stay free for everyone.
      </Typography>
      {/* A subscriber whose payment failed fixes it in the portal rather than buying a second subscription. */}
      {status.portalAvailable && (status.active || unpaidStatuses.has(status.status ?? '')) ? (
        <Button variant="outlined" disabled={redirecting} onClick={onManage}>
          Manage your subscription
        </Button>
      ) : status.active ? null : status.checkoutAvailable ? (
        <Button variant="contained" startIcon={<StarIcon />} disabled={redirecting} onClick={onUpgrade}>
          Upgrade to premium
        </Button>
      ) : (
        <Typography variant="body2">
          This server does not take payments: an administrator grants premium. Ask for it through{' '}
          <TextLink to="/about/customer-support">customer support</TextLink>.
        </Typography>
      )}
    </>
  );
}
