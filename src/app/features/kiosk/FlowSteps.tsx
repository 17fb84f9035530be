/**
 * Every step of the employee flow after the staff grid, as one lazily loaded chunk (KioskShell):
 * these screens, the API client and the contract's schemas are not needed to draw the grid.
 * Rendered only once the kiosk runtime is ready. Server data they fetch goes through the shared
 * query client (QueryProvider).
 */
import { registerMessages } from '../../i18n/catalogue';
import { kioskRoster } from '../../i18n/messages/kioskRoster';
import { attestations } from '../../i18n/messages/attestations';
import { myHours } from '../../i18n/messages/myHours';
import { QueryProvider } from '../../runtime/QueryProvider';
import { useUiStore } from '../../state/uiStore';
import { ActionsStep } from './ActionsStep';
import { AttestStep } from './AttestStep';
import { ChangePinStep } from './ChangePinStep';
import { DoneStep } from './DoneStep';
import { ForgotPinStep } from './ForgotPinStep';
import { MyHoursStep } from './MyHoursStep';
import { NoteStep } from './NoteStep';
import { NumberStep } from './NumberStep';
import { OptionsStep } from './OptionsStep';
import { PhotoStep } from './PhotoStep';
import { PinStep } from './PinStep';
import { ScanStep } from './ScanStep';

registerMessages(kioskRoster);
registerMessages(attestations);
registerMessages(myHours);

function Step() {
  const flow = useUiStore((s) => s.flow);
  switch (flow.step) {
    case 'grid':
      return null;
    case 'number':
      return <NumberStep />;
    case 'scan':
      return <ScanStep />;
    case 'pin':
      return <PinStep employeeId={flow.employeeId} codeSent={flow.codeSent} />;
    case 'actions':
      return <ActionsStep employeeId={flow.employeeId} pin={flow.pin} notice={flow.notice} />;
    case 'options':
      return <OptionsStep employeeId={flow.employeeId} pin={flow.pin} pending={flow.pending} />;
    case 'attest':
      return <AttestStep employeeId={flow.employeeId} pin={flow.pin} pending={flow.pending} questions={flow.questions} />;
    case 'photo':
      return <PhotoStep employeeId={flow.employeeId} pin={flow.pin} pending={flow.pending} />;
    case 'note':
      return <NoteStep employeeId={flow.employeeId} pin={flow.pin} />;
    case 'myHours':
      return <MyHoursStep employeeId={flow.employeeId} pin={flow.pin} />;
    case 'changePin':
      return <ChangePinStep employeeId={flow.employeeId} oldPin={flow.oldPin} reason={flow.reason} />;
    case 'forgotPin':
      return <ForgotPinStep employeeId={flow.employeeId} />;
    case 'done':
      return <DoneStep receipt={flow.receipt} />;
  }
}

export function FlowSteps() {
  return (
    <QueryProvider>
      <Step />
    </QueryProvider>
  );
}
