import type { Database } from '../../db/client.js';
import { createFaq } from './faqs.service.js';

const SYSTEM = { actor: { type: 'system' as const, label: 'demo data' } };

/**
 * The demo fund's FAQs (issue 7 "Seed content"): how to claim, documents, fees, how long it takes,
 * how to spot a scam. Answers use the member's benefit, fund and claim where the dialog has them
 * (`?benefitId=`), and read well without them.
 */
export const DEMO_FAQS: { question: string; answer: string; fundSpecific: boolean }[] = [
  {
    question: 'How do I claim my benefit?',
    fundSpecific: false,
    answer: `<p>{% if person %}{{ person.firstName }}, your{% else %}Your{% endif %} claim takes five steps in this app:</p>
<ol>
<li>Confirm your personal details.</li>
<li>Add a bank account in your own name.</li>
<li>Upload a copy of your ID and proof of your bank account.</li>
<li>Review and accept the fees.</li>
<li>Accept the declaration and submit.</li>
</ol>
{% if benefit %}<p>You are claiming your {{ benefit.benefitType }} benefit of <strong>{{ benefit.amount }}</strong> from {{ fund.name }}.</p>{% endif %}`,
  },
  {
    question: 'Which documents do I need?',
    fundSpecific: false,
    answer: `<p>Two documents, as PDF, JPEG or PNG (at most 10 MB each):</p>
<ul>
<li>a clear copy of your green ID book or smart ID card (both sides){% if person %}, in the name of {{ person.firstName }} {{ person.lastName }}{% endif %};</li>
<li>proof of your bank account not older than three months: a bank letter or a bank statement showing your name and account number.</li>
</ul>`,
  },
  {
    question: 'What fees are deducted?',
    fundSpecific: true,
    answer: `{% if benefit %}<p>Your {{ benefit.benefitType }} benefit from {{ fund.name }} is <strong>{{ benefit.amount }}</strong>. After the fees of {{ benefit.totalFees }} (VAT included) you would receive <strong>{{ benefit.netAmount }}</strong>.</p>{% else %}<p>The fund's fees (with VAT) are deducted from the benefit. The claim's fees step shows each fee and what you receive before you accept them.</p>{% endif %}
<p>You never pay anything up front: fees only come off the benefit when it is paid.</p>`,
  },
  {
    question: 'How long does it take?',
    fundSpecific: false,
    answer: `<p>Staff review a submitted claim within 5 working days; the fund then pays within about 6 weeks of approval. You are told at every step.</p>
{% assign latest = claim | first %}{% if latest %}<p>Your claim is now <strong>{{ latest.status | replace: "_", " " }}</strong>{% if latest.submittedAt %} (submitted {{ latest.submittedAt | date: "%Y-%m-%d" }}){% endif %}.</p>{% endif %}`,
  },
  {
    question: 'How do I spot a scam?',
    fundSpecific: false,
    answer: `<p>We will <strong>never</strong> ask you for your PIN or password, and we never ask for money up front.</p>
<ul>
<li>Only claim in this app{% if fund %} or directly with {{ fund.name }} (registration {{ fund.registrationNumber }}){% endif %}.</li>
<li>Do not pay anyone who offers to "find" or "release" your benefit.</li>
<li>Your benefit is only paid into a bank account in your own name.</li>
</ul>`,
  },
];

/** Saves the demo FAQs, published, the fund-specific ones for `fundId` (demo data only). */
export async function seedDemoFaqs(db: Database, fundId: number): Promise<void> {
  for (const [index, faq] of DEMO_FAQS.entries()) {
    await createFaq(
      db,
      {
        question: faq.question,
        answer: faq.answer,
        sortOrder: (index + 1) * 10,
        published: true,
        fundIds: faq.fundSpecific ? [fundId] : [],
      },
      SYSTEM,
    );
  }
}
