// The account feature: settings that belong to the person rather than to their items.
export { CalendarFeedCard } from './components/calendar-feed-card';
export { DaySettingsCard } from './components/day-settings-card';
export { DeleteAccountCard } from './components/delete-account-card';
export { LabelsCard } from './components/labels-card';
export { RemindersCard } from './components/reminders-card';
export { SessionsCard } from './components/sessions-card';
export { YourDataCard } from './components/your-data-card';
