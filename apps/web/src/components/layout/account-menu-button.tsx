import { Text, UnstyledButton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './bottom-tab-bar.module.css';

/**
 * The Account tab's button (spec section 2), the same before and after its menu's code has loaded.
 * Other props (the menu's ref, click and ARIA attributes) go to the button.
 */
export function AccountTabButton({ active, ...rest }: { active: boolean } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton {...rest} className={classes.tab} data-active={active || undefined}>
      <IconUserCircle size={24} />
      <Text size="xs" fw={500}>
        {t('nav.account')}
      </Text>
    </UnstyledButton>
  );
}
