/** The card icons' style sheet, written by the build (scripts/card-icons-plugin.ts). */
declare module 'virtual:card-icons.css';
