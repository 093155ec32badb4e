/** What the app composes from the search feature. */

export { SearchDialog } from './components/search-dialog';
