// Post kinds' shared form: `PostForm` runs a kind's `PostFormDefinition` (its steps, texts,
// mutations and preview). Imported by each kind's lazily loaded form module, so the editor and the
// media step load with the first opening of a dialog.
export { PostForm } from './PostForm';
export type {
  EditablePost,
  PostFormDefinition,
  PostFormTexts,
  PostPlace,
} from './postFormDefinition';
