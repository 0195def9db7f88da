import { isMemberLanguage, LANGUAGE_NAMES, MEMBER_LANGUAGES } from '@bcp/contract';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../../i18n';
import { useSession } from '../../../lib/session-store';
import { saveMemberLanguage } from '../api/member-language';

const OPTIONS = MEMBER_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/**
 * The language picker (issue 21 item 5, decision 036): English, Afrikaans, isiZulu, each named in
 * itself. The browser's own select (a phone opens its native list). The choice shows at once and is
 * remembered in this browser; a signed-in member's messages follow it too
 * (`PUT person-users/me/language`; a failure there changes nothing on screen).
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.personUser !== null && session.apiToken !== null;

  async function change(value: string) {
    if (!isMemberLanguage(value)) return;
    await chooseLanguage(value);
    if (signedIn) await saveMemberLanguage(value);
  }

  return (
    <NativeSelect
      aria-label={t('language.label')}
      data={OPTIONS}
      value={currentLanguage()}
      onChange={(event) => void change(event.currentTarget.value)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      w={130}
      data-testid="language-picker"
    />
  );
}
