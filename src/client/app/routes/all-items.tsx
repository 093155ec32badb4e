import { AllItemsScreen } from '../../features/items';

/** `/all-items` (docs/product.md#all-items-screen). */
export function AllItemsRoute() {
  return <AllItemsScreen />;
}
