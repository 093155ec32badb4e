// The account feature: settings that belong to the person rather than to their items.
export { SessionsCard } from './components/sessions-card';
