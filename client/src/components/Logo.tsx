/** The AirCloud mark and name. */
export function Logo() {
  return (
    <span className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M7 19c3-5 6-5 9 0s6 5 9 0M7 13c3-5 6-5 9 0s6 5 9 0"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__name">AirCloud</span>
    </span>
  );
}
