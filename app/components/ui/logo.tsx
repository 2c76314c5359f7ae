// TEMPORARY (foundation): replaced by the media pipeline's logo.
export function Logo({ tone = "auto", className }: { tone?: "light" | "dark" | "auto"; className?: string }) {
  const fill = tone === "dark" ? "#fff" : tone === "light" ? "#662d91" : "currentColor";
  return (
    <svg viewBox="0 0 160 36" role="img" aria-label="TechSpark Innovations" className={className}>
      <path d="M18 2 6 20h9l-3 14 14-20h-9l3-12z" fill="#f5a524" />
      <text x="34" y="25" fontSize="20" fontWeight="800" fill={fill} fontFamily="Plus Jakarta Sans Variable, system-ui, sans-serif">TechSpark</text>
    </svg>
  );
}
