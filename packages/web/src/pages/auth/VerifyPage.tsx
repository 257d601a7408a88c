import { Navigate, useLocation, useNavigate } from 'react-router';
import { MfaCodeForm } from './MfaCodeForm';
import { completeSignIn } from './completeSignIn';
import { Paths } from '../../routes/paths';

/**
 * The multi-factor step as its own page, for flows that reach it with a challenge ticket in the navigation state
 * (third-party sign-in). Without a ticket there is nothing to verify: back to sign-in.
 */
export default function VerifyPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { mfaTicket?: string; redirect?: string } | null;
  if (!state?.mfaTicket) return <Navigate to={Paths.LOGIN} replace />;
  const signedIn = () => navigate(completeSignIn(state.redirect ?? null), { replace: true });
  return <MfaCodeForm ticket={state.mfaTicket} onSignedIn={signedIn} />;
}
