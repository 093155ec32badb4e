import { AllItemsScreen } from '../../features/items';

/** SPEC §2 /all-items. */
export function AllItemsRoute() {
  return <AllItemsScreen />;
}
