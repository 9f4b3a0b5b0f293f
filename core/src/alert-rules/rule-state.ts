/** What a rule remembers between samples (alert_rule_states). */
export interface RuleState {
  triggered: boolean;
  /** Not triggered: time of the first sample of the current run above the threshold. */
  aboveSince: Date | null;
  /** Triggered: time of the first sample of the current run at or below the stop band. */
  belowSince: Date | null;
}

/** The condition of a rule. */
export interface RuleCondition {
  threshold: number;
  hysteresis: number;
  confirmS: number;
}

/**
 * Judges one sample (time `ts`, value of the rule's measure) and answers the transition it causes.
 * A rule triggers when the measure has stayed above the threshold for the confirm time (the
 * first sample above starts the run; with 0 it triggers at once) and stops when it has stayed at
 * or below `threshold - hysteresis` for the confirm time; any sample outside the run starts it
 * again, so a value hovering at the threshold never flaps. A missing value changes nothing.
 * Mutates `state`.
 */
export function judgeSample(
  state: RuleState,
  rule: RuleCondition,
  ts: Date,
  value: number | null | undefined,
): 'trigger' | 'stop' | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const confirmMs = rule.confirmS * 1000;
  if (!state.triggered) {
    if (value <= rule.threshold) {
      state.aboveSince = null;
      return null;
    }
    state.aboveSince ??= ts;
    if (ts.getTime() - state.aboveSince.getTime() < confirmMs) return null;
    state.triggered = true;
    state.aboveSince = null;
    state.belowSince = null;
    return 'trigger';
  }
  if (value > rule.threshold - rule.hysteresis) {
    state.belowSince = null;
    return null;
  }
  state.belowSince ??= ts;
  if (ts.getTime() - state.belowSince.getTime() < confirmMs) return null;
  state.triggered = false;
  state.aboveSince = null;
  state.belowSince = null;
  return 'stop';
}
