import { PageIntro } from '../../components/layout/page-intro';

/** Sign-up (spec section 2, `/sign-up/{idNumber}`). */
export function SignUpPage() {
  return (
    <PageIntro
      title="Create your account"
      intro="Create an account to claim what is owed to you. You will need your email address or cellphone number."
    />
  );
}
