/** A four-colour "G" drawn as arcs, so sign-in buttons read as Google at a glance. Decorative. */
export function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="none">
      <g strokeWidth="4">
        <path d="M17.66 6.34A8 8 0 0 0 4.48 9.26" stroke="#EA4335" />
        <path d="M4.48 9.26a8 8 0 0 0 .97 7.33" stroke="#FBBC05" />
        <path d="M5.45 16.59a8 8 0 0 0 12.68.55" stroke="#34A853" />
        <path d="M18.13 17.14A8 8 0 0 0 20 12H12" stroke="#4285F4" />
      </g>
    </svg>
  );
}
