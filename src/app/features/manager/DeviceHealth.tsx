/**
 * PLACEHOLDER for the lead: the offline health panel of this device (outbox, needs-attention
 * punches, clock offset, last sync) goes here. DeviceSection already renders it in place, between
 * the device's details and "Remove this device". Renders nothing until then.
 */
export function DeviceHealth() {
  return null;
}
