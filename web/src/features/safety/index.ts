export { ReportDialog, type ReportDialogProps } from './components/report-dialog';
