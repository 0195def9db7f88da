DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE "audit_events"."chain_seq" is null;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_type","actor_id","id");--> statement-breakpoint
-- Issue 36 item 5 (decision 039): the audit trail stays append-only. The one UPDATE allowed is the
-- sealer's: filling an event's chain columns (chain_seq, prev_hash, hash) once, from NULL, with a
-- hex SHA-256, every other column (today's and any added later) left exactly as it was. Any other
-- UPDATE, every DELETE and TRUNCATE are refused, whoever asks. Whoever may switch the trigger off
-- (the table's owner, a superuser) can still change a row: the hash chain is what shows it
-- (`npm run audit:verify` names the row).
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.chain_seq IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
    AND NEW.chain_seq IS NOT NULL AND NEW.prev_hash IS NOT NULL AND NEW.hash ~ '^[0-9a-f]{64}$'
    AND (to_jsonb(NEW) - 'chain_seq' - 'prev_hash' - 'hash') = (to_jsonb(OLD) - 'chain_seq' - 'prev_hash' - 'hash')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege',
    HINT = 'Only the sealer may fill an event''s chain columns, once.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
