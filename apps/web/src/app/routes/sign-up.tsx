import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/layout/page-intro';
import { useAfterFirstPaint } from '../../lib/after-first-paint';

const SignUpForm = lazy(() => import('./sign-up-form').then((module) => ({ default: module.SignUpForm })));

/**
 * Sign-up (spec 2 `/sign-up/{idNumber}`; issue 3): the page's title and introduction, in the entry
 * chunk so they show with the first render, and under them the form (`SignUpForm`), loaded as its
 * own chunk once that render is painted: the title is the page's largest text (Lighthouse's LCP,
 * issue 40 item 2) and its paint waits for no other file. Nothing shows in the form's place for the
 * moment it loads; it only adds below the introduction (no layout shift).
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const painted = useAfterFirstPaint();
  return (
    <PageIntro title={t('titles.signUp')} intro={t('signUp.intro')}>
      {painted && (
        <Suspense fallback={null}>
          <SignUpForm />
        </Suspense>
      )}
    </PageIntro>
  );
}
