import { useSyncExternalStore } from 'react';
import { isAskingToLeave, subscribeHeldNavigation } from './leave-question';

/** Whether 'Do you really want to leave?' (spec 4) is being asked: a navigation waits for the answer. */
export function useAskingToLeave(): boolean {
  return useSyncExternalStore(subscribeHeldNavigation, isAskingToLeave, isAskingToLeave);
}
