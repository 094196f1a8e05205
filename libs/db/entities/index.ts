import { AccountToken, type AccountTokenPurpose } from './account-token.ts';
import { BookProject } from './book-project.ts';
import { BookRequest, type BookRequestStatusEntry } from './book-request.ts';
import { AiProviderCall, GeneratedChapter, GeneratorProject, SourceFile, type OutlineChapter } from './generator-project.ts';
import { HealthCanary } from './health-canary.ts';
import { BookCredit, CheckoutSession, EliteProjectDetails, MailDelivery, Payment, StripeEvent } from './payment.ts';
import { AssistChange, ChapterVersion } from './chapter-version.ts';
import { BookImage } from './book-image.ts';
import { EliteProof, EliteQuote, EliteRequest, EliteRequestEvent, EliteRevision, type ElitePromiseRecord } from './elite-request.ts';
import { Notification, PrintOrder } from './print-order.ts';
import { Profile } from './profile.ts';
import { AuthSession, RefreshToken } from './session.ts';
import { User } from './user.ts';
import { UnaskedMail } from './unasked-mail.ts';
import { Sale } from './sale.ts';

export { AccountToken, type AccountTokenPurpose, AssistChange, BookImage, ChapterVersion, EliteProof, EliteQuote, EliteRequest, EliteRequestEvent, EliteRevision, type ElitePromiseRecord, Notification, PrintOrder, AiProviderCall, AuthSession, BookCredit, CheckoutSession, EliteProjectDetails, MailDelivery, Payment, StripeEvent, BookProject, BookRequest, type BookRequestStatusEntry, GeneratedChapter, GeneratorProject, HealthCanary, Profile, RefreshToken, Sale, SourceFile, UnaskedMail, User, type OutlineChapter };
export const entities = [HealthCanary, User, Profile, AuthSession, RefreshToken, BookRequest, GeneratorProject, GeneratedChapter, AiProviderCall, SourceFile, BookProject, CheckoutSession, StripeEvent, Payment, BookCredit, EliteProjectDetails, MailDelivery, PrintOrder, Notification, EliteRequest, EliteRequestEvent, EliteQuote, EliteProof, EliteRevision, ChapterVersion, AssistChange, BookImage, AccountToken, UnaskedMail, Sale];
